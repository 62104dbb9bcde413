import { describe, expect, it } from 'vitest';
import type { SessionEvent } from '../../src/machines/session';
import { createSessionTabs, SESSION_TABS_CHANNEL } from '../../src/services/session-tabs';

/** Channels of one name across "tabs", delivering to every other one, as BroadcastChannel does. */
function broadcastBus() {
  const listeners: Array<{ tab: number; listen: (message: MessageEvent) => void }> = [];
  let names: string[] = [];
  let tabs = 0;
  const openChannel = (name: string) => {
    names = [...names, name];
    const tab = ++tabs;
    return {
      postMessage: (data: unknown) => {
        for (const listener of listeners)
          if (listener.tab !== tab) listener.listen(new MessageEvent('message', { data }));
      },
      addEventListener: (_type: string, listen: (message: MessageEvent) => void) => {
        listeners.push({ tab, listen });
      },
    } as unknown as BroadcastChannel;
  };
  return { openChannel, names: () => names };
}

describe('the session tabs', () => {
  it('tells every other tab of a sign-in and of a sign-out with its reason, never the tab itself', () => {
    const bus = broadcastBus();
    const heard: Record<string, SessionEvent[]> = { a: [], b: [], c: [] };
    const a = createSessionTabs({ onEvent: (event) => heard.a!.push(event), openChannel: bus.openChannel });
    createSessionTabs({ onEvent: (event) => heard.b!.push(event), openChannel: bus.openChannel });
    createSessionTabs({ onEvent: (event) => heard.c!.push(event), openChannel: bus.openChannel });

    a.signedIn();
    a.signedOut('Your sign-in has ended.');
    a.signedOut(null);

    const expected = [
      { type: 'tabs.signedIn' },
      { type: 'tabs.signedOut', reason: 'Your sign-in has ended.' },
      { type: 'tabs.signedOut', reason: null },
    ];
    expect(heard.a).toEqual([]);
    expect(heard.b).toEqual(expected);
    expect(heard.c).toEqual(expected);
    expect(bus.names()).toEqual([SESSION_TABS_CHANNEL, SESSION_TABS_CHANNEL, SESSION_TABS_CHANNEL]);
  });

  it('ignores anything else said on the channel', () => {
    const bus = broadcastBus();
    const heard: SessionEvent[] = [];
    createSessionTabs({ onEvent: (event) => heard.push(event), openChannel: bus.openChannel });
    const stranger = bus.openChannel(SESSION_TABS_CHANNEL);

    for (const data of [null, 'signedIn', { kind: 'deleteEverything' }, { kind: 'signedOut', reason: 42 }])
      stranger.postMessage(data);

    expect(heard).toEqual([{ type: 'tabs.signedOut', reason: null }]);
  });

  it('works without a channel where the browser has none', () => {
    const tabs = createSessionTabs({ onEvent: () => {}, openChannel: () => null });
    expect(() => {
      tabs.signedIn();
      tabs.signedOut(null);
    }).not.toThrow();
  });
});
