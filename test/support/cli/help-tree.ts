// The command line as its own help output shows it: every command (by its path, `keys create`) with the
// options its `--help` lists. Read from the help text, not from commander's objects, so that what is
// compared with the README is what an operator sees.
import type { Command } from 'commander';
import { buildProgram } from '../../../src/cli/program/program.js';

export interface HelpEntry {
  path: string[];
  /** Long options the command's help lists, `--help` aside. */
  options: string[];
  /** Whether it has subcommands (`keys`) rather than running anything itself. */
  group: boolean;
  help: string;
}

/** The lines of one section (`Options:`, `Commands:`) of a help text. */
function section(help: string, title: string): string[] {
  const lines = help.split('\n');
  const start = lines.indexOf(`${title}:`);
  if (start === -1) return [];
  const end = lines.findIndex((line, i) => i > start && !line.startsWith(' '));
  return lines.slice(start + 1, end === -1 ? undefined : end);
}

export function helpOptions(help: string): string[] {
  return section(help, 'Options')
    .map((line) => /^ {2}(?:-\w, )?(--[a-z][a-z-]*)/.exec(line)?.[1])
    .filter((flag): flag is string => flag !== undefined);
}

function helpCommands(help: string): string[] {
  return section(help, 'Commands')
    .map((line) => /^ {2}([a-z][a-z-]*)/.exec(line)?.[1])
    .filter((name): name is string => name !== undefined && name !== 'help');
}

/** Every command under the root, depth first, as its help shows it. */
export function helpTree(): { root: string; entries: HelpEntry[] } {
  const program = buildProgram();
  const entries: HelpEntry[] = [];
  const visit = (command: Command, path: string[]) => {
    for (const name of helpCommands(command.helpInformation())) {
      const sub = command.commands.find((c) => c.name() === name);
      if (!sub) throw new Error(`the help of "${path.join(' ')}" lists "${name}", which is no command`);
      const help = sub.helpInformation();
      const subPath = [...path, name];
      const group = helpCommands(help).length > 0;
      entries.push({ path: subPath, options: helpOptions(help).filter((o) => o !== '--help'), group, help });
      visit(sub, subPath);
    }
  };
  visit(program, []);
  return { root: program.helpInformation(), entries };
}
