/**
 * The strings only `<resort-conditions-list>` shows, in the 15 languages of the card; the rest (states,
 * depths, lifts, runs, retry, errors) are the card's own (`widget/i18n/`). A handful per language, so all
 * of them travel in the list's script: the list never waits for a language chunk of its own.
 */
export interface ListStrings {
  /** The table's caption. */
  caption: string;
  /** Column headers: the resort's name, its state, the day of its report. */
  resort: string;
  state: string;
  updated: string;
  /** A row whose report is older than `outdated-after` hours. */
  stale: string;
  /** A row of a resort the snapshot has no report of. */
  missing: string;
  /** `region=` names no region of the snapshot. */
  unknownRegion: string;
  /** Neither `region=` nor `resorts=` names anything to show. */
  nothing: string;
}

const STRINGS: Record<string, ListStrings> = {
  en: {
    caption: 'Snow report',
    resort: 'Resort',
    state: 'State',
    updated: 'Updated',
    stale: 'Outdated',
    missing: 'No data',
    unknownRegion: 'This region is not in the snow report.',
    nothing: 'No resorts to show.',
  },
  de: {
    caption: 'Schneebericht',
    resort: 'Skigebiet',
    state: 'Status',
    updated: 'Stand',
    stale: 'Veraltet',
    missing: 'Keine Daten',
    unknownRegion: 'Diese Region ist nicht im Schneebericht.',
    nothing: 'Keine Skigebiete.',
  },
  fr: {
    caption: 'Bulletin neige',
    resort: 'Station',
    state: 'État',
    updated: 'Mise à jour',
    stale: 'Ancien',
    missing: 'Pas de données',
    unknownRegion: 'Cette région n’est pas dans le bulletin neige.',
    nothing: 'Aucune station à afficher.',
  },
  it: {
    caption: 'Bollettino neve',
    resort: 'Località',
    state: 'Stato',
    updated: 'Aggiornato',
    stale: 'Non recente',
    missing: 'Nessun dato',
    unknownRegion: 'Questa regione non è nel bollettino neve.',
    nothing: 'Nessuna località da mostrare.',
  },
  es: {
    caption: 'Parte de nieve',
    resort: 'Estación',
    state: 'Estado',
    updated: 'Actualizado',
    stale: 'Antiguo',
    missing: 'Sin datos',
    unknownRegion: 'Esta región no está en el parte de nieve.',
    nothing: 'No hay estaciones que mostrar.',
  },
  nl: {
    caption: 'Sneeuwbericht',
    resort: 'Skigebied',
    state: 'Status',
    updated: 'Bijgewerkt',
    stale: 'Verouderd',
    missing: 'Geen gegevens',
    unknownRegion: 'Deze regio staat niet in het sneeuwbericht.',
    nothing: 'Geen skigebieden om te tonen.',
  },
  pt: {
    caption: 'Relatório de neve',
    resort: 'Estância',
    state: 'Estado',
    updated: 'Atualizado',
    stale: 'Antigo',
    missing: 'Sem dados',
    unknownRegion: 'Esta região não está no relatório de neve.',
    nothing: 'Sem estâncias para mostrar.',
  },
  sv: {
    caption: 'Snörapport',
    resort: 'Skidort',
    state: 'Status',
    updated: 'Uppdaterad',
    stale: 'Inaktuell',
    missing: 'Inga data',
    unknownRegion: 'Den här regionen finns inte i snörapporten.',
    nothing: 'Inga skidorter att visa.',
  },
  no: {
    caption: 'Snørapport',
    resort: 'Skisted',
    state: 'Status',
    updated: 'Oppdatert',
    stale: 'Utdatert',
    missing: 'Ingen data',
    unknownRegion: 'Denne regionen er ikke i snørapporten.',
    nothing: 'Ingen skisteder å vise.',
  },
  da: {
    caption: 'Snerapport',
    resort: 'Skisted',
    state: 'Status',
    updated: 'Opdateret',
    stale: 'Forældet',
    missing: 'Ingen data',
    unknownRegion: 'Denne region er ikke i snerapporten.',
    nothing: 'Ingen skisteder at vise.',
  },
  fi: {
    caption: 'Lumiraportti',
    resort: 'Keskus',
    state: 'Tila',
    updated: 'Päivitetty',
    stale: 'Vanhentunut',
    missing: 'Ei tietoja',
    unknownRegion: 'Tätä aluetta ei ole lumiraportissa.',
    nothing: 'Ei näytettäviä keskuksia.',
  },
  pl: {
    caption: 'Raport śniegowy',
    resort: 'Ośrodek',
    state: 'Stan',
    updated: 'Aktualizacja',
    stale: 'Nieaktualne',
    missing: 'Brak danych',
    unknownRegion: 'Tego regionu nie ma w raporcie śniegowym.',
    nothing: 'Brak ośrodków do pokazania.',
  },
  cs: {
    caption: 'Zpráva o sněhu',
    resort: 'Středisko',
    state: 'Stav',
    updated: 'Aktualizace',
    stale: 'Zastaralé',
    missing: 'Bez údajů',
    unknownRegion: 'Tento region ve zprávě o sněhu není.',
    nothing: 'Žádná střediska k zobrazení.',
  },
  sl: {
    caption: 'Snežno poročilo',
    resort: 'Smučišče',
    state: 'Stanje',
    updated: 'Posodobljeno',
    stale: 'Zastarelo',
    missing: 'Ni podatkov',
    unknownRegion: 'Te regije ni v snežnem poročilu.',
    nothing: 'Ni smučišč za prikaz.',
  },
  ja: {
    caption: '積雪情報',
    resort: 'スキー場',
    state: '状況',
    updated: '更新',
    stale: '古い情報',
    missing: 'データなし',
    unknownRegion: 'この地域は積雪情報にありません。',
    nothing: '表示するスキー場がありません。',
  },
};

/** The list's strings in a locale's language; English for any other. */
export const listStrings = (locale: string): ListStrings => STRINGS[locale.slice(0, 2)] ?? STRINGS.en!;

/** The languages the list speaks (a test holds them equal to the card's). */
export const LIST_LANGUAGES = Object.keys(STRINGS);

/**
 * Where the table's narrow columns' headers (the day and the figures: 6em and 4.4em wide) may break a
 * word, by language: each of their words of seven letters or more, and a shorter one a column breaks
 * ("Sommet"), with `|` at the places its language hyphenates it. A header wraps between words, and inside a
 * word only there, with a hyphen (a soft hyphen, U+00AD): "Remon-tées", never "Remonté-es" or "Remonté/es"
 * as a narrow column would break it otherwise, in every engine alike (their own hyphenation dictionaries
 * differ, and some have none for a language).
 */
export const HYPHENATION: Record<string, string> = {
  en: 'Up|dat|ed',
  fr: 'Som|met Re|mon|tées',
  it: 'Ag|gior|na|to Im|pian|ti',
  es: 'Ac|tua|li|za|do Re|mon|tes',
  nl: 'Bij|ge|werkt',
  pt: 'Atua|li|za|do Ele|va|do|res',
  sv: 'Upp|da|te|rad',
  no: 'Opp|da|tert',
  da: 'Op|da|te|ret',
  fi: 'Päi|vi|tet|ty Ala-ase|ma Rin|teet',
  pl: 'Ak|tu|ali|za|cja Wy|cią|gi',
  cs: 'Ak|tu|a|li|za|ce la|nov|ky Sjez|dov|ky',
  sl: 'Po|so|dob|lje|no Žič|ni|ce',
};

/** A header's text with its words' soft hyphens in the locale's language (`HYPHENATION`). */
export function hyphenated(locale: string, text: string): string {
  const words = HYPHENATION[locale.slice(0, 2)];
  if (!words) return text;
  return text.replace(/[^\s]+/g, (word) => {
    const found = words.split(' ').find((w) => w.replace(/\|/g, '') === word);
    return found ? found.replace(/\|/g, '\u00ad') : word;
  });
}
