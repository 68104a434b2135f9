// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { createActor, emit, setup } from 'xstate';
import { THEME } from '../../src/ui/theme/tokens';
import { system } from '../../src/ui/theme/system';
import { showNotification, toaster, TOAST_WIDTH } from '../../src/ui/toaster';

const value = (name: string) => system.tokens.getByName(name)?.value;

describe('theme (SPEC section 1)', () => {
  it('carries the primary colour, its hover, the base colour and the table border', () => {
    expect(THEME).toMatchObject({
      primary: '#0081A7',
      primaryHover: '#006685',
      base: '#FCFCFD',
      tableBorder: '#E1F4FF',
    });
    expect(value('colors.primary.solid')).toBe(THEME.primaryFill);
    expect(value('colors.primary.focusRing')).toBe('#0081A7');
    expect(value('colors.primary.hover')).toBe('#006685');
    expect(value('colors.bg')).toBe('#FCFCFD');
    expect(value('colors.table.border')).toBe('#E1F4FF');
  });

  it('puts white text only on fills and shades that read at 4.5:1 or more (WCAG AA)', () => {
    const luminance = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
      const linear = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
      return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
    };
    const contrast = (a: string, b: string) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (hi + 0.05) / (lo + 0.05);
    };
    expect(contrast('#FFFFFF', String(value('colors.primary.solid')))).toBeGreaterThanOrEqual(4.5);
    expect(contrast('#FFFFFF', String(value('colors.primary.hover')))).toBeGreaterThanOrEqual(4.5);
    // primary text (links, the current page in the navigation) on white and on the subtle fill
    expect(contrast('#FFFFFF', String(value('colors.primary.fg')))).toBeGreaterThanOrEqual(4.5);
    expect(contrast(String(value('colors.primary.subtle')), String(value('colors.primary.fg')))).toBeGreaterThanOrEqual(
      4.5,
    );
    // a subtle button hovered or current (the settings dialog's pages)
    expect(contrast(String(value('colors.primary.muted')), String(value('colors.primary.fg')))).toBeGreaterThanOrEqual(
      4.5,
    );
    // focus rings: 3:1 against the base colour and white panels
    expect(contrast(String(value('colors.primary.focusRing')), THEME.base)).toBeGreaterThanOrEqual(3);
    expect(contrast(String(value('colors.primary.focusRing')), '#FFFFFF')).toBeGreaterThanOrEqual(3);
  });

  it('sets Inter (the bundled variable font first), 13px base size, bold 700 for strong', () => {
    expect(value('fonts.body')).toBe("'Inter Variable', Inter, system-ui, sans-serif");
    expect(value('fonts.heading')).toBe(value('fonts.body'));
    expect(value('fontWeights.bold')).toBe('700');
    expect(JSON.stringify(system._config.globalCss)).toContain('"fontSize":"13px"');
  });

  it('hovers solid buttons to the palette hover shade, and gives menu items 1.7rem', () => {
    expect(JSON.stringify(system.getRecipe('button').variants?.variant.solid)).toContain('colorPalette.hover');
    // every palette a button may take has a hover shade, so none inherits primary's
    for (const palette of ['gray', 'red', 'green', 'blue', 'orange'])
      expect(value(`colors.${palette}.hover`), palette).toBeTruthy();
    expect(system.getSlotRecipe('menu').variants?.size.md.item).toMatchObject({ h: '1.7rem' });
  });

  it('turns into CSS variables only the light scheme and the palettes the app uses', () => {
    const scopes = [...system.tokens.cssVarMap.keys()];
    // no dark mode: every variable is written for the document's root, none for a `.dark` scope
    expect(scopes).toEqual(['base']);
    const names = [...system.tokens.cssVarMap.get('base')!.keys()];
    for (const palette of ['teal', 'cyan', 'purple', 'pink'])
      expect(
        names.some((name) => name.startsWith(`--chakra-colors-${palette}-`)),
        palette,
      ).toBe(false);
    // a light value in place of each { _light, _dark }: the panels' white, the muted text's grey
    expect(value('colors.bg.panel')).toBe('var(--chakra-colors-white)');
    expect(value('colors.fg.muted')).toBe('var(--chakra-colors-gray-600)');
    for (const palette of ['gray', 'red', 'orange', 'yellow', 'green', 'blue'])
      expect(value(`colors.${palette}.solid`), palette).toBeTruthy();
  });

  it('writes rules without cascade layers (Blink restyles the whole document for a rule inserted into a layer)', () => {
    const button = system.cva(system.getRecipe('button')!)({ size: 'sm', variant: 'outline' });
    expect(Object.keys(button).some((key) => key.startsWith('@layer'))).toBe(false);
    expect(button).toMatchObject({ display: 'inline-flex' });
  });

  it('ships only the recipes in use', () => {
    expect(Object.keys(system._config.theme?.recipes ?? {}).sort()).toEqual([
      'button',
      'heading',
      'icon',
      'link',
      'separator',
      'skeleton',
      'spinner',
    ]);
    expect(Object.keys(system._config.theme?.slotRecipes ?? {}).sort()).toEqual([
      'alert',
      'avatar',
      'card',
      'datePicker',
      'menu',
      'toast',
    ]);
  });
});

describe('toaster (SPEC section 9)', () => {
  it('is top-center, 4000 ms, at most 3, 14 px apart, 356 px wide', () => {
    expect(toaster.attrs).toMatchObject({ placement: 'top', duration: 4000, max: 3, gap: 14 });
    expect(TOAST_WIDTH).toBe('356px');
  });

  it("renders a machine's notify event, and its action sends the event back", () => {
    const create = vi.spyOn(toaster, 'create').mockReturnValue('id');
    const machine = setup({
      types: {
        emitted: {} as {
          type: 'notify';
          kind: 'success';
          message: string;
          action: { label: string; event: { type: 'history.undo' } };
        },
      },
      actions: {
        announce: emit({
          type: 'notify',
          kind: 'success',
          message: 'Order updated',
          action: { label: 'Undo', event: { type: 'history.undo' } },
        }),
      },
    }).createMachine({ on: { 'order.saved': { actions: 'announce' } } });
    const actor = createActor(machine).start();
    const replies: string[] = [];
    actor.on('notify', (notice) => showNotification(notice, (event) => replies.push(event.type)));
    actor.send({ type: 'order.saved' });
    expect(create).toHaveBeenCalledWith(expect.objectContaining({ type: 'success', title: 'Order updated' }));
    create.mock.calls[0][0].action?.onClick?.();
    expect(replies).toEqual(['history.undo']);
  });
});
