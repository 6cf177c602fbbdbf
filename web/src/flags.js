// The playground's compiler flags: the subset of syclcc's command line that
// means something for one file built in the page, given to both passes.

const STANDARDS = new Set(['c++17', 'c++20', 'c++23', 'gnu++17', 'gnu++20', 'gnu++23']);

/** The flags of a build with an empty flags field. */
export const DEFAULT_FLAGS = Object.freeze({ std: 'c++17', opt: '-O1', defines: [], undefines: [], warnings: [] });

/**
 * Parses `text` (`-std=c++20 -O2 -DN=4 -UX -Wall`): `{ flags }`, or
 * `{ error }` naming the first flag the playground does not take.
 */
export function parseFlags(text) {
  const flags = { ...DEFAULT_FLAGS, defines: [], undefines: [], warnings: [] };
  for (const word of text.trim().split(/\s+/).filter(Boolean)) {
    let m;
    if ((m = /^-std=(.+)$/.exec(word))) {
      if (!STANDARDS.has(m[1])) return { error: `-std=${m[1]}: the playground takes ${[...STANDARDS].join(', ')}` };
      flags.std = m[1];
    } else if (/^-O[0-3s]?$/.test(word)) {
      flags.opt = word === '-O' ? '-O1' : word;
    } else if ((m = /^-D([A-Za-z_]\w*(=.*)?)$/.exec(word))) {
      flags.defines.push(m[1]);
    } else if ((m = /^-U([A-Za-z_]\w*)$/.exec(word))) {
      flags.undefines.push(m[1]);
    } else if (/^-W[\w=+-]+$/.test(word)) {
      flags.warnings.push(word);
    } else {
      return { error: `${word}: the playground takes -std=, -O0 to -O3, -D, -U and -W flags` };
    }
  }
  return { flags };
}

/** Whether the host pass optimizes (clang's strict aliasing follows). */
export function optimizes(flags) {
  return flags.opt !== '-O0';
}
