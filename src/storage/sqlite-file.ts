import fs from 'node:fs';

/**
 * A database file that is not there, for a caller that must not create one: a command run after the
 * file was deleted under a running server would otherwise leave an empty database where it was.
 */
export class MissingDatabaseError extends Error {
  constructor(readonly file: string) {
    super(`no database at ${file}`);
    this.name = 'MissingDatabaseError';
  }
}

/**
 * Watches whether `file` still names the file just opened: the process keeps reading the file it has
 * open whatever happens to its name, so deleting it, or renaming another database over it, leaves this
 * process serving a file no other one (a command, a restarted server) will ever see. Returns a check
 * giving undefined while all is well, else what happened. The check is one stat of the path, not a query.
 */
export function watchFileIdentity(file: string): () => string | undefined {
  const opened = fs.statSync(file);
  return () => {
    let now: fs.Stats;
    try {
      now = fs.statSync(file);
    } catch (error) {
      // Not only ENOENT: a path this process cannot stat (a folder made unreadable, say) is one no other
      // process can open either.
      const code = (error as NodeJS.ErrnoException).code;
      return code === 'ENOENT' ? `${file} was deleted or moved away` : `${file} cannot be read (${code})`;
    }
    if (now.ino !== opened.ino || now.dev !== opened.dev) return `${file} was replaced by another file`;
    return undefined;
  };
}
