// Where the pasted key is kept: the tab's sessionStorage. It outlives a reload but not the tab, is not
// shared with other tabs or written for later sessions, and is never put in a URL (docs/api.md, "Explorer").

const NAME = 'touchline.explorer.key';

export function readKey() {
  try {
    return sessionStorage.getItem(NAME);
  } catch {
    return null; // storage disabled: the key lives in memory only (see main.js)
  }
}

export function saveKey(key) {
  try {
    sessionStorage.setItem(NAME, key);
  } catch {
    // storage disabled: kept in memory by the caller
  }
}

export function forgetKey() {
  try {
    sessionStorage.removeItem(NAME);
  } catch {
    // nothing stored
  }
}
