import { beforeEach, describe, expect, it } from 'vitest';
import type { User } from '@school/contract/auth';
import { createSessionStore } from './session';
import { createStorage, memoryBackend } from './storage';

const user: User = {
  id: 7,
  username: 'learner',
  nickname: 'Learner',
  gender: null,
  avatar: null,
  introduction: '',
  phone: null,
  email: null,
  wechatBound: false,
};

describe('session store', () => {
  let clock = 0;
  let store = createStorage([memoryBackend()]);
  beforeEach(() => {
    clock = 1_000_000;
    store = createStorage([memoryBackend()]);
  });
  const make = () => createSessionStore(store, () => clock);

  it('refreshes the idle stamp of a user without remember-me', () => {
    const session = make();
    session.saveUser(user, false);
    clock += 60_000;
    session.refresh();
    expect(store.get('user_active_at')).toBe(clock);
  });

  it('tells subscribers when the learner changes, not when the same one is saved again', () => {
    const session = make();
    let told = 0;
    session.subscribe(() => (told += 1));
    session.saveUser(user, false);
    expect(told).toBe(1);
    const shown = session.user();
    // Start-up's fresh copy of the same learner: stored again (a new idle stamp), nobody re-renders.
    clock += 60_000;
    session.saveUser({ ...user });
    expect(told).toBe(1);
    expect(session.user()).toBe(shown);
    expect(store.get('user_active_at')).toBe(clock);
    session.saveUser({ ...user, nickname: 'Renamed' });
    expect(told).toBe(2);
    expect(session.user()?.nickname).toBe('Renamed');
    session.saveUser({ ...user, nickname: 'Renamed' }, true);
    expect(told).toBe(3);
  });

  it('does not touch a remembered user', () => {
    const session = make();
    session.saveUser(user, true);
    const stamp = store.get('user_active_at');
    clock += 60_000;
    session.refresh();
    expect(store.get('user_active_at')).toBe(stamp);
  });

  it('forgets a non-remembered user after the idle time-out, keeps a remembered one', () => {
    make().saveUser(user, false);
    clock += 3 * 60 * 60 * 1000;
    expect(make().user()).toBeNull();
    make().saveUser(user, true);
    clock += 9 * 24 * 60 * 60 * 1000;
    expect(make().user()).toEqual(user);
  });

  it('clears user, login data, remember-me, menus and lastUrl, and tells subscribers', () => {
    const session = make();
    session.saveUser(user, true);
    store.set('login_data', { username: 'learner' });
    store.set('menus', []);
    session.saveLastUrl('/orders');
    let told = 0;
    session.subscribe(() => (told += 1));
    session.clear();
    for (const key of ['user', 'login_data', 'remember_me', 'menus', 'lastUrl']) expect(store.get(key)).toBeNull();
    expect(session.user()).toBeNull();
    expect(told).toBe(1);
  });

  it('uses lastUrl once', () => {
    const session = make();
    session.saveLastUrl('/exam/a/test');
    expect(session.takeLastUrl()).toBe('/exam/a/test');
    expect(session.takeLastUrl()).toBeNull();
  });
});
