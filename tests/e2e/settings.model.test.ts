import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page, Route } from 'playwright-core';
import { connectBrowser } from './browser';
import { dialog, openSettings, restoreSeed, SETUP_HEADER, signedInOnKh } from './settings-steps';
import {
  browserPaths,
  sessionSpy,
  settingsModels,
  type ModelEvent,
  type ModelPath,
  type SettingsEvent,
  type SettingsModel,
} from '../machines/settings-paths';

/**
 * The settings machines' generated paths (the same as tests/machines/settings.model.test.ts, told
 * apart by state value) run in Chromium against the real app and server: every event is a gesture,
 * every invoked call is held until its step says done (let through) or error (answered 500), and
 * every state is checked on screen.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
});

type Snap = ModelPath['state'];
/** `before`: the model's state the gesture starts from (what the screen shows then). */
type Gesture<E> = (page: Page, event: E, before: Snap) => Promise<void>;
type Gestures = { [T in SettingsEvent['type']]: Gesture<Extract<SettingsEvent, { type: T }>> };

const PAGE_LABEL = { team: 'General', member: 'Members', connections: 'Connections', profile: 'Profile' } as const;
const sidebar = (page: Page, label: string) =>
  dialog(page).getByRole('navigation').getByRole('button', { name: label });
const teamName = (page: Page) => dialog(page).getByPlaceholder('Your Team Name');
const profileName = (page: Page) => dialog(page).getByPlaceholder('Your Name');
const visible = (page: Page, testId: string) => dialog(page).getByTestId(testId).waitFor();

async function pick(page: Page, testId: string, file: File): Promise<void> {
  const buffer = Buffer.from(await file.arrayBuffer());
  await dialog(page).getByTestId(testId).setInputFiles({ name: file.name, mimeType: file.type, buffer });
}

/** Escape over a typed team name asks first (issue 24 point 6): the path gives the draft up. */
async function closeDiscarding(page: Page, edited: boolean): Promise<void> {
  await page.keyboard.press('Escape');
  if (edited)
    await page
      .getByRole('alertdialog', { name: 'Leave without saving?' })
      .getByRole('button', { name: 'Leave and discard' })
      .click();
  await dialog(page).waitFor({ state: 'detached' });
}

async function reopen(page: Page, edited: boolean): Promise<void> {
  await closeDiscarding(page, edited);
  await openSettings(page);
}

// a new event type fails to compile here until it has a gesture
const gestures = {
  'dialog.open': (page) => openSettings(page),
  'dialog.close': async (page) => {
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
  },
  'dialog.select': (page, event) => sidebar(page, PAGE_LABEL[event.page]).click(),
  // the dialog model's paths through the pages' reports, the leave guard and the question on the way
  // to another page are unit-model only (the pages are stand-ins there); tests/e2e/reach-and-leave.test.ts
  // asks and answers them in the browser
  'settings.unsaved': async (page, event) => {
    if (event.draft === 'team') return teamName(page).fill(event.unsaved ? 'Cambodia Tours' : 'Cambodia');
    if (event.draft === 'invite')
      return dialog(page)
        .getByPlaceholder('name@example.com')
        .fill(event.unsaved ? 'casey@example.com' : '');
    await dialog(page)
      .getByPlaceholder('Klook live')
      .fill(event.unsaved ? 'Klook live' : '');
    if (event.draft === 'secret') await dialog(page).getByRole('button', { name: 'Create API key' }).click();
  },
  'switch.stay': (page) =>
    page.getByRole('alertdialog', { name: 'Leave without saving?' }).getByRole('button', { name: 'Stay' }).click(),
  'switch.discard': (page) =>
    page
      .getByRole('alertdialog', { name: 'Leave without saving?' })
      .getByRole('button', { name: 'Leave and discard' })
      .click(),
  'leave.discarded': (page) => closeDiscarding(page, true),
  'team.load': async (page, _, before) => {
    const retry = dialog(page).getByTestId('team-failed').getByRole('button', { name: 'Retry' });
    if (await retry.isVisible()) await retry.click();
    else if (await dialog(page).isVisible())
      await reopen(page, has(before, { ready: { editing: { name: 'edited' } } }));
    else await openSettings(page);
  },
  'team.edit': (page, event) => teamName(page).fill(event.name),
  'team.save': (page) => dialog(page).getByRole('button', { name: 'Save' }).click(),
  'team.logo': (page, event) => pick(page, 'logo-file', event.file),
  'profile.load': async (page) => {
    await openSettings(page);
    await sidebar(page, 'Profile').click();
  },
  'profile.edit': (page, event) => profileName(page).fill(event.name),
  // leaving the page commits the name; coming back shows it
  'profile.commit': async (page) => {
    await sidebar(page, 'General').click();
    await sidebar(page, 'Profile').click();
  },
  'profile.avatar': (page, event) => pick(page, 'avatar-file', event.file),
} satisfies Gestures as Record<SettingsEvent['type'], Gesture<SettingsEvent>>;

const has = (s: Snap, value: object | string) => (s as unknown as { matches: (v: unknown) => boolean }).matches(value);
const can = (s: Snap, event: SettingsEvent) => (s as unknown as { can: (e: unknown) => boolean }).can(event);
const gone = async (page: Page, testId: string) => expect.poll(() => dialog(page).getByTestId(testId).count()).toBe(0);

/** Each model's states, as the screen shows them. */
const checks: Record<SettingsModel['name'], (page: Page, s: Snap) => Promise<void>> = {
  dialog: async (page, s) => {
    if (has(s, 'closed')) return void (await expect.poll(() => dialog(page).count()).toBe(0));
    const current = (['team', 'member', 'connections', 'profile'] as const).find((p) => has(s, { open: p })) ?? 'team';
    await expect.poll(() => sidebar(page, PAGE_LABEL[current]).getAttribute('aria-current')).toBe('page');
    const heading = { team: 'Team', member: 'Members', connections: 'Connections', profile: 'Profile' }[current];
    await dialog(page).getByRole('heading', { name: heading }).waitFor();
  },
  team: checkTeam,
  'team (editor)': checkTeam,
  'team (member)': checkTeam,
  profile: async (page, s) => {
    if (has(s, 'idle')) return void (await expect.poll(() => dialog(page).count()).toBe(0));
    if (has(s, 'loading')) return visible(page, 'profile-loading');
    const saving = has(s, { ready: { name: 'saving' } });
    await expect.poll(() => profileName(page).isDisabled()).toBe(saving);
    if (!saving) await expect.poll(() => profileName(page).inputValue()).toBe(s.context.draft);
    if (has(s, { ready: { avatar: 'idle' } })) await gone(page, 'avatar-busy');
    else await visible(page, 'avatar-busy');
  },
  // the logo's upload: busy until it is done, saved or not
  'avatar upload': async (page, s) => (has(s, 'done') ? gone(page, 'logo-busy') : visible(page, 'logo-busy')),
};

async function checkTeam(page: Page, s: Snap): Promise<void> {
  if (has(s, 'idle')) return void (await expect.poll(() => dialog(page).count()).toBe(0));
  if (has(s, 'loading')) return visible(page, 'team-loading');
  if (has(s, 'failed')) return visible(page, 'team-failed');
  if (has(s, { ready: 'readOnly' })) {
    await expect.poll(() => teamName(page).isDisabled()).toBe(true);
    return gone(page, 'logo-file');
  }
  const save = dialog(page).getByRole('button', { name: 'Save' });
  if (has(s, { ready: { editing: { name: 'saving' } } })) {
    await expect.poll(() => save.getAttribute('data-loading')).not.toBeNull();
  } else {
    await expect.poll(() => teamName(page).inputValue()).toBe(s.context.draft);
    await expect.poll(() => save.isDisabled()).toBe(!can(s, { type: 'team.save' }));
  }
  if (has(s, { ready: { editing: { logo: 'idle' } } })) await gone(page, 'logo-busy');
  else await visible(page, 'logo-busy');
}

/** Which invoked call of `mine` a request is, by method, path and body. */
function callOf(route: Route, mine: Set<string>): string | null {
  const req = route.request();
  if (req.headers()[SETUP_HEADER]) return null;
  const path = new URL(req.url()).pathname;
  const body = req.method() === 'PUT' ? (req.postDataJSON() as Record<string, unknown>) : {};
  const write = 'avatar' in body ? 'avatar' : 'name';
  // an upload is the page's invoke (the team and profile models) or the upload child's own
  const calls: Record<string, string[]> = {
    'GET /api/v1/team/setting': ['loadTeam'],
    'PUT /api/v1/team/setting name': ['saveTeamName'],
    'PUT /api/v1/team/setting avatar': ['uploadTeamLogo', 'uploadAvatar'],
    'GET /api/v1/user/setting': ['loadProfile'],
    'PUT /api/v1/user/setting name': ['saveProfileName'],
    'PUT /api/v1/user/setting avatar': ['uploadProfileAvatar'],
  };
  const ids = calls[`${req.method()} ${path}${req.method() === 'PUT' ? ` ${write}` : ''}`] ?? [];
  return ids.find((id) => mine.has(id)) ?? null;
}

const READS = new Set(['readAvatar']);
const CRASHES =
  /^(xstate\.error\.actor\.(team|profile|members|connections|leaveGuard|uploadTeamLogo|uploadProfileAvatar)|settings\.unsaved|leave\.discarded|switch\.(stay|discard))$/;

/** A reader that fails on request, and only when the test says so (to hold the `reading` state). */
function failingReads() {
  const original = FileReader.prototype.readAsDataURL;
  const w = window as unknown as { failNextRead?: boolean; releaseRead?: () => void };
  FileReader.prototype.readAsDataURL = function (this: FileReader, blob: Blob) {
    if (!w.failNextRead) return original.call(this, blob);
    w.failNextRead = false;
    w.releaseRead = () => this.onerror?.(new ProgressEvent('error') as ProgressEvent<FileReader>);
  };
}

function invokeIds(model: SettingsModel): Set<string> {
  return new Set(
    model.events
      .map((e) => /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(e.type)?.[1])
      .filter((id): id is string => !!id),
  );
}

const synthetic = (e: ModelEvent) => /^xstate\.(done|error)\.actor\.(.+)$/.exec(e.type);

describe.each(settingsModels(sessionSpy().ref).map((m) => [m.name, m] as const))('%s, in the browser', (_, model) => {
  const email =
    model.name === 'team (member)'
      ? 'member@tourdesk.test'
      : model.name === 'team (editor)'
        ? 'editor@tourdesk.test'
        : 'admin@tourdesk.test';
  const held = new Map<string, Route>();
  const mine = invokeIds(model);
  let page: Page;

  beforeAll(async () => {
    page = await signedInOnKh(browser, baseUrl, email);
    await page.context().addInitScript(failingReads);
    await page.route(
      (url) => /^\/api\/v1\/(team|user)\//.test(url.pathname),
      (route) => {
        const id = callOf(route, mine);
        if (id) held.set(id, route);
        else void route.continue();
      },
    );
  });
  afterAll(async () => {
    await page?.context().close();
  });

  // paths through a crashed page actor cannot be produced from the screen (unit model only)
  const paths = browserPaths(model).filter((p) => !p.steps.some((s) => CRASHES.test(s.event.type)));
  const title = (p: ModelPath) =>
    p.steps
      .slice(1)
      .map((s) => s.event.type.replace('xstate.', ''))
      .join(' → ') || 'initial';

  it.each(paths.map((p) => [title(p), p] as const))('%s', async (_, path) => {
    held.clear();
    if (email === 'admin@tourdesk.test') await restoreSeed(page);
    // a fresh app for each path, on the lightest screen of the layout (the dialog is the same over any)
    await page.goto(`${baseUrl}/welcome`);
    await dialog(page).waitFor({ state: 'detached' });
    if (model.name === 'avatar upload') {
      // the upload starts with its file picked; a path that fails the read fails it
      await openSettings(page);
      const failRead = path.steps.some((step) => step.event.type === 'xstate.error.actor.readAvatar');
      await page.evaluate((on) => ((window as unknown as { failNextRead: boolean }).failNextRead = on), failRead);
      await pick(page, 'logo-file', (model.input as { file: File }).file);
    }
    await checks[model.name](page, path.steps[0].state);
    for (const [i, step] of path.steps.entries()) {
      if (i === 0) continue;
      const event = step.event as ModelEvent;
      const result = synthetic(event);
      if (!result) {
        const next = path.steps.slice(i + 1).find((s) => synthetic(s.event as ModelEvent));
        const failRead =
          next && READS.has(synthetic(next.event as ModelEvent)![2]) && next.event.type.includes('.error.');
        await page.evaluate((on) => ((window as unknown as { failNextRead: boolean }).failNextRead = on), !!failRead);
        await gestures[event.type as SettingsEvent['type']](page, event as SettingsEvent, path.steps[i - 1].state);
      } else if (READS.has(result[2])) {
        if (result[1] === 'error')
          await page.evaluate(() => (window as unknown as { releaseRead: () => void }).releaseRead());
      } else {
        await expect.poll(() => held.has(result[2]), { timeout: 10_000 }).toBe(true);
        const route = held.get(result[2])!;
        held.delete(result[2]);
        // a fetch that answers null (fetchOrNull) is a failed call on the wire
        if (result[1] === 'done' && (event as { output: unknown }).output !== null) await route.continue();
        else
          await route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"BOOM","message":"x"}' });
      }
      await checks[model.name](page, step.state);
    }
  });
});
