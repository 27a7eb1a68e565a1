// The admin area's vocabulary (users, enterprises, audit log): the values the server checks and
// the pages offer. Plain data only: the client's bundle takes these without TypeBox.

/** `pending` registered and not yet approved; only `active` users sign in. */
export const USER_STATUSES = ['pending', 'active', 'disabled'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
