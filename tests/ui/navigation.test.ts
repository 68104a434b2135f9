import { describe, expect, it, vi } from 'vitest';
import { createNavigationBridge } from '../../src/ui/app/navigation';

describe('navigation bridge', () => {
  it('navigates through the router once attached, after the current machine step', async () => {
    const fallback = vi.fn();
    const bridge = createNavigationBridge(fallback);
    const router = { navigate: vi.fn() };
    const detach = bridge.attach(router);
    bridge.navigate('/auth/login');
    // not yet: the machine that asked has not committed its new state
    expect(router.navigate).not.toHaveBeenCalled();
    await Promise.resolve();
    expect(router.navigate).toHaveBeenCalledExactlyOnceWith('/auth/login');

    detach();
    bridge.navigate('/orders');
    await Promise.resolve();
    expect(fallback).toHaveBeenCalledExactlyOnceWith('/orders');
  });
});
