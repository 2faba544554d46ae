import type { ReferenceClub } from '../identity/alias-index.js';

/**
 * Spellings the sources use that openfootball/clubs does not list (or lists for two clubs), and the IDs
 * of clubs that were once stored as two teams. They are merged into the club directory under the
 * canonical name that directory uses.
 *
 * `idKey`: when two teams became one (a spelling the directory did not know, a club filed under the
 * wrong country), the club keeps the ID of the team whose matches begin first, and the other team's ID
 * is gone. The key is the one that ID was derived from: `<scope>:~<loose name key>` for a team known by
 * its name only, `<scope>:=<canonical key>` for one found in the directory. Clubs that moved to a
 * neighbour's directory without a split keep their ID the same way.
 */
export const PROJECT_ALIASES: ReferenceClub[] = [
  { scope: 'eng', canonical: 'Manchester United FC', aliases: ['Man United'] },
  // Truncated names in the spring rounds of 2025-26 en.3.
  { scope: 'eng', canonical: 'AFC Wimbledon', aliases: ['AFC'] },
  { scope: 'eng', canonical: 'Leyton Orient FC', aliases: ['Leyton'] },

  // New names the directory does not list yet.
  // Henan Jianye became Henan Songshan Longmen (2021), then Henan FC (2023); cn.1 2019-20 / 2025.
  { scope: 'cn', canonical: 'Henan Jianye', aliases: ['Henan FC', 'Henan Songshan Longmen'] },
  // Tianjin TEDA became Tianjin Jinmen Tiger in 2021; cn.1 2019-20 / 2025.
  { scope: 'cn', canonical: 'Tianjin Tigers', aliases: ['Tianjin Jinmen Tiger'] },
  // Copa Libertadores 2025 spelling of the club co.1 2025 calls Deportes Tolima.
  { scope: 'co', canonical: 'Deportes Tolima', aliases: ['CD Tolima'] },

  // Sponsor names of Austrian clubs (at.1 / at.2 2010-11 and 2011-12).
  {
    scope: 'at',
    canonical: 'Kapfenberger SV',
    aliases: ['KSV Superfund'],
    idKey: 'at:~ksv superfund',
  },
  {
    scope: 'at',
    canonical: 'FC Admira Wacker Mödling',
    aliases: ['FC Trenkwalder Admira'],
    idKey: 'at:~trenkwalder admira',
  },
  // The Bundesliga club of 2009-15, founded in 2008 as FC Magna Wiener Neustadt; football.json names it
  // "SC Magna Wiener Neustadt" in 2010-11 and "1. Wiener Neustädter SC" from 2011-12.
  {
    scope: 'at',
    canonical: '1. Wiener Neustädter SC',
    aliases: ['SC Magna Wiener Neustadt'],
    idKey: 'at:~sc magna wiener neustadt',
  },

  // "RC Celta" (es.1 2012-20) is the directory's "R.C. Celta": one team with "RC Celta de Vigo" (2020-).
  { scope: 'es', canonical: 'RC Celta Vigo', aliases: [], idKey: 'es:~rc celta' },
  // Clubs in a neighbour's league, found in their own country's directory (see clubScopes): AS Monaco was
  // also a French team by its name in fr.1 and uefa.cl 2018-19 "(FRA)", beside "AS Monaco FC (MCO)".
  { scope: 'mc', canonical: 'AS Monaco', aliases: [], idKey: 'fr:~as monaco' },
  { scope: 'li', canonical: 'FC Vaduz', aliases: [], idKey: 'ch:~vaduz' },
  { scope: 'ad', canonical: 'FC Andorra', aliases: [], idKey: 'es:~andorra' },
  { scope: 'nz', canonical: 'Wellington Phoenix', aliases: [], idKey: 'au:~wellington phoenix' },
  // A Club World Cup club, known by its name only until New Zealand's directory was read.
  { scope: 'nz', canonical: 'Auckland City FC', aliases: [], idKey: '-:~auckland city' },
];
