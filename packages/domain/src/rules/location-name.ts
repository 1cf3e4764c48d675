/**
 * How a location is named in messages and lists: 'ZNL Rhein-Main · Nr. 4101', the SAP-Nr only when it has
 * neither (BOOK_IN_OTHER_LOCATION names the other location so).
 */
export const locationName = (
  l: { znl: string; nr: string; sapNr: string },
  /** The words before the values, in the reader's language (the server's messages: German). */
  words: { znl: string; nr: string; sapNr: string } = { znl: 'ZNL', nr: 'Nr.', sapNr: 'SAP' },
) =>
  [
    l.znl && `${words.znl} ${l.znl}`,
    l.nr && `${words.nr} ${l.nr}`,
    !l.znl && !l.nr && l.sapNr ? `${words.sapNr} ${l.sapNr}` : '',
  ]
    .filter(Boolean)
    .join(' · ');
