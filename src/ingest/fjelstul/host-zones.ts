/**
 * The IANA time zone of a World Cup venue, from the country and city that matches.csv names. The
 * database's `match_time` is the local time at the venue, so a country with one zone needs no more; a
 * host spanning zones (Brazil, Mexico, the United States, Canada, Russia, Argentina) is looked up by city.
 * A city of such a country missing here has no known zone: its matches keep their date only.
 */
const COUNTRY_ZONES: Record<string, string> = {
  Argentina: 'America/Argentina/Buenos_Aires',
  Chile: 'America/Santiago',
  China: 'Asia/Shanghai',
  England: 'Europe/London',
  France: 'Europe/Paris',
  Germany: 'Europe/Berlin',
  Italy: 'Europe/Rome',
  Japan: 'Asia/Tokyo',
  Qatar: 'Asia/Qatar',
  'South Africa': 'Africa/Johannesburg',
  'South Korea': 'Asia/Seoul',
  Spain: 'Europe/Madrid',
  Sweden: 'Europe/Stockholm',
  Switzerland: 'Europe/Zurich',
  Uruguay: 'America/Montevideo',
};

/** Countries whose venues lie in more than one zone: every city must be listed below. */
const CITY_ZONES: Record<string, Record<string, string>> = {
  Argentina: {
    'Buenos Aires': 'America/Argentina/Buenos_Aires',
    'Mar del Plata': 'America/Argentina/Buenos_Aires',
    Córdoba: 'America/Argentina/Cordoba',
    Rosario: 'America/Argentina/Cordoba',
    Mendoza: 'America/Argentina/Mendoza',
  },
  Brazil: {
    'Belo Horizonte': 'America/Sao_Paulo',
    Brasília: 'America/Sao_Paulo',
    Curitiba: 'America/Sao_Paulo',
    'Porto Alegre': 'America/Sao_Paulo',
    'Rio de Janeiro': 'America/Sao_Paulo',
    'São Paulo': 'America/Sao_Paulo',
    Cuiabá: 'America/Cuiaba',
    Fortaleza: 'America/Fortaleza',
    Natal: 'America/Fortaleza',
    Manaus: 'America/Manaus',
    Recife: 'America/Recife',
    Salvador: 'America/Bahia',
  },
  Canada: {
    Edmonton: 'America/Edmonton',
    Moncton: 'America/Moncton',
    Montreal: 'America/Toronto',
    Ottawa: 'America/Toronto',
    Vancouver: 'America/Vancouver',
    Winnipeg: 'America/Winnipeg',
  },
  Mexico: {
    Guadalajara: 'America/Mexico_City',
    Irapuato: 'America/Mexico_City',
    León: 'America/Mexico_City',
    'Mexico City': 'America/Mexico_City',
    Nezahualcóyotl: 'America/Mexico_City',
    Puebla: 'America/Mexico_City',
    Querétaro: 'America/Mexico_City',
    Toluca: 'America/Mexico_City',
    Monterrey: 'America/Monterrey',
  },
  Russia: {
    Kaliningrad: 'Europe/Kaliningrad',
    Kazan: 'Europe/Moscow',
    Moscow: 'Europe/Moscow',
    'Nizhny Novgorod': 'Europe/Moscow',
    'Rostov-on-Don': 'Europe/Moscow',
    'Saint Petersburg': 'Europe/Moscow',
    Saransk: 'Europe/Moscow',
    Sochi: 'Europe/Moscow',
    Samara: 'Europe/Samara',
    Volgograd: 'Europe/Volgograd',
    Yekaterinburg: 'Asia/Yekaterinburg',
  },
  'United States': {
    Boston: 'America/New_York',
    Columbus: 'America/New_York',
    'East Rutherford': 'America/New_York',
    Foxborough: 'America/New_York',
    'New York City': 'America/New_York',
    Orlando: 'America/New_York',
    Philadelphia: 'America/New_York',
    'Washington, D.C.': 'America/New_York',
    Pontiac: 'America/Detroit',
    Chicago: 'America/Chicago',
    Dallas: 'America/Chicago',
    Carson: 'America/Los_Angeles',
    'Los Angeles': 'America/Los_Angeles',
    Pasadena: 'America/Los_Angeles',
    Portland: 'America/Los_Angeles',
    'San Francisco': 'America/Los_Angeles',
    'San Fransisco': 'America/Los_Angeles',
    'San Jose': 'America/Los_Angeles',
    Stanford: 'America/Los_Angeles',
  },
};

/** The venue's zone, or undefined when the country (or, for a multi-zone host, the city) is not listed. */
export function venueZone(country: string, city: string): string | undefined {
  const cities = CITY_ZONES[country];
  return cities ? cities[city] : COUNTRY_ZONES[country];
}
