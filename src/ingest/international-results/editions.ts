/**
 * What the season rules (seasons.ts) cannot tell from the dates alone, per competition code: editions
 * named after another year than the one they began in, curated date ranges for competitions whose
 * editions span years, and the cadence of competitions that qualifiers may lead to before their next
 * edition has a match.
 */

/**
 * `edition` competitions whose edition is named after a year other than the one its first match was
 * played in (postponed or played over New Year): first match's year -> the edition's key.
 */
export const EDITION_NAMES: Record<string, Record<string, string>> = {
  // Euro 2020 was played in June-July 2021.
  'uefa.euro': { '2021': '2020' },
  // The 2021 and 2023 Africa Cups of Nations were played in January-February 2022 and 2024.
  'caf.afcon': { '2022': '2021', '2024': '2023' },
  // The 2023 Asian Cup was played in January-February 2024.
  'afc.asiancup': { '2024': '2023' },
  // The 2020 AFF Championship was played in December 2021-January 2022.
  'afc.asean': { '2021': '2020' },
  // The 1937 South American Championship began on 27 December 1936.
  'conmebol.copa': { '1936': '1937' },
};

/**
 * Two editions that began in one year and are different editions (their keys would otherwise be one):
 * competition code -> date of the later edition's first match -> its key and name.
 */
export const SECOND_EDITIONS: Record<string, Record<string, [key: string, name: string]>> = {
  // 1959 had two South American Championships: Argentina (March-April) and Ecuador (December).
  'conmebol.copa': { '1959-12-05': ['1959-ecuador', '1959 (Ecuador)'] },
};

/**
 * `ranges` competitions: [key, first day, last day] of each edition. A match outside every range falls
 * into an August-July season ("2026-27"), so a new edition needs no code before its range is added.
 */
export const EDITION_RANGES: Record<string, Array<[key: string, from: string, to: string]>> = {
  // League phase in autumn, finals in June; relegation play-outs of League C a year and a half later.
  'uefa.nl': [
    ['2018-19', '2018-08-01', '2019-07-31'],
    ['2020-21', '2020-08-01', '2022-05-31'],
    ['2022-23', '2022-06-01', '2024-05-31'],
    ['2024-25', '2024-08-01', '2025-07-31'],
  ],
  // The 2019-20 finals were played in June 2021.
  'concacaf.nl': [
    ['2019-20', '2019-08-01', '2021-07-31'],
    ['2022-23', '2022-05-01', '2023-07-31'],
    ['2023-24', '2023-08-01', '2024-05-31'],
    ['2024-25', '2024-08-01', '2025-05-31'],
  ],
  // A round robin played over several years, each pair meeting once a year.
  'uefa.nordic': [
    ['1924-28', '1924-01-01', '1928-12-31'],
    ['1929-32', '1929-01-01', '1932-12-31'],
    ['1933-36', '1933-01-01', '1936-12-31'],
    ['1937-47', '1937-01-01', '1947-12-31'],
    ['1948-51', '1948-01-01', '1951-12-31'],
    ['1952-55', '1952-01-01', '1955-12-31'],
    ['1956-59', '1956-01-01', '1959-12-31'],
    ['1960-63', '1960-01-01', '1963-12-31'],
    ['1964-67', '1964-01-01', '1967-12-31'],
    ['1968-71', '1968-01-01', '1971-12-31'],
    ['1972-77', '1972-01-01', '1977-12-31'],
    ['1978-80', '1978-01-01', '1980-12-31'],
    ['1981-85', '1981-01-01', '1985-12-31'],
    ['2000-01', '2000-01-01', '2001-12-31'],
  ],
  'uefa.central': [
    ['1927-30', '1927-01-01', '1930-12-31'],
    ['1931-32', '1931-01-01', '1932-12-31'],
    ['1933-35', '1933-01-01', '1935-08-31'],
    ['1936-38', '1935-09-01', '1938-12-31'],
    ['1948-53', '1948-01-01', '1953-12-31'],
    ['1955-60', '1955-01-01', '1960-12-31'],
  ],
};

/**
 * Years between editions of competitions that qualifiers lead to: a qualifier played after the newest
 * edition in the data leads to the next one, that many years after it (the 2027 Asian Cup).
 */
export const CADENCE: Record<string, number> = {
  'fifa.wc': 4,
  'uefa.euro': 4,
  'afc.asiancup': 4,
  'caf.afcon': 2,
  'concacaf.gold': 2,
};
