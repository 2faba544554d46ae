/** API version reported by /health, as in the interface's example. */
export const VERSION = 'v1';
