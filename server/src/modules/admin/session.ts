export const tags = ['admin'];
