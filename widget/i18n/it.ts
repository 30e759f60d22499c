import type { Strings } from './en.ts';

const strings: Strings = {
  "loading": "Caricamento del bollettino neve…",
  "error": "Impossibile caricare il bollettino neve.",
  "retry": "Riprova",
  "unknownResort": "Questa località non è nel bollettino neve.",
  "notYet": "Il bollettino neve di questa località non è ancora disponibile.",
  "status": {
    "open": "Aperto",
    "closed": "Chiuso",
    "temporarily-closed": "Chiuso temporaneamente",
    "weekends": "Solo nei fine settimana",
    "no-report": "Nessun bollettino",
    "permanently-closed": "Chiuso definitivamente",
    "out-of-season": "Fuori stagione"
  },
  "noReport": "Nessun bollettino neve ancora disponibile.",
  "permanentlyClosed": "Questa località ha chiuso definitivamente.",
  "outOfSeason": "La stagione va dal {opening} al {closing}.",
  "noForecast": "Nessuna previsione per questa località.",
  "updated": "Aggiornato {time}",
  "outdated": "Questo bollettino potrebbe non essere aggiornato.",
  "depths": "Altezza neve",
  "base": "Valle",
  "middle": "Metà",
  "summit": "Vetta",
  "newSnow": "Neve fresca",
  "lastDays": {
    "one": "Nevicate, ultimo giorno",
    "other": "Nevicate, ultimi {n} giorni"
  },
  "surface": "Fondo",
  "top": "In alto",
  "bottom": "In basso",
  "lifts": "Impianti",
  "runs": "Piste",
  "parks": "Snowpark",
  "liftsOpen": {
    "one": "{open} aperto su {total}",
    "other": "{open} aperti su {total}"
  },
  "runsOpen": {
    "one": "{open} aperta su {total}",
    "other": "{open} aperte su {total}"
  },
  "parksOpen": {
    "one": "{open} aperto su {total}",
    "other": "{open} aperti su {total}"
  },
  "difficulty": [
    "Facile",
    "Intermedia",
    "Difficile",
    "Esperti"
  ],
  "forecast": "Previsioni",
  "today": "Oggi",
  "wind": "Vento",
  "snowfall": "Neve",
  "directions": [
    "N",
    "NE",
    "E",
    "SE",
    "S",
    "SO",
    "O",
    "NO"
  ],
  "links": "Link della località",
  "weather": {
    "SUN": "Soleggiato",
    "FAIR": "Sereno",
    "PARTLY_CLOUDY": "Parzialmente nuvoloso",
    "CLOUDY": "Nuvoloso",
    "FOG": "Nebbia",
    "LIGHT_SNOW": "Neve debole",
    "SNOW": "Neve",
    "HEAVY_SNOW": "Neve forte",
    "SNOW_SHOWERS": "Rovesci di neve",
    "SLEET": "Nevischio",
    "RAIN": "Pioggia",
    "THUNDER": "Temporale",
    "WIND": "Ventoso",
    "other": "Meteo"
  },
  "pastDays": {
    "one": "{n} giorno",
    "other": "{n} giorni"
  }
};
export default strings;
