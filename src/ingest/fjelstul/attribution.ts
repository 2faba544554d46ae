/**
 * The Fjelstul World Cup Database is licensed CC-BY-SA 4.0: wherever its data is served, credit the
 * author, name the licence with a link to it, and link to the source. Served data derived from it is
 * shared under the same licence.
 */
export const FJELSTUL_ATTRIBUTION = {
  text: 'Joshua C. Fjelstul, Ph.D., The Fjelstul World Cup Database, © 2023, CC-BY-SA 4.0',
  author: 'Joshua C. Fjelstul, Ph.D.',
  title: 'The Fjelstul World Cup Database',
  copyright: '© 2023 Joshua C. Fjelstul, Ph.D.',
  license: 'CC-BY-SA 4.0',
  licenseUrl: 'https://creativecommons.org/licenses/by-sa/4.0/',
  repositoryUrl: 'https://github.com/jfjelstul/worldcup',
} as const;
