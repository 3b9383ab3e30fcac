import { describe, expect, it } from 'vitest';
import { BACK_HOOK_ROUTES } from './back-hooks';
import { NEW_USER_PATH } from './navigation';
import { afterLoginPath } from './session';

describe('where a login lands', () => {
  it("replaces the route with '/' (account-health §2), or the onboarding for a new user", () => {
    expect(afterLoginPath({ isNewUser: false })).toBe('/');
    expect(afterLoginPath({})).toBe('/');
    expect(afterLoginPath({ isNewUser: true })).toBe('/user/newUser');
  });

  it('the onboarding is a route-back-hook route (its back goes home, not to the login page)', () => {
    expect(BACK_HOOK_ROUTES).toContain(NEW_USER_PATH);
  });
});
