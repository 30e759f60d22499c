import type { Strings } from './en.ts';

const strings: Strings = {
  "loading": "Laster snørapport…",
  "error": "Snørapporten kunne ikke lastes.",
  "retry": "Prøv igjen",
  "unknownResort": "Dette anlegget er ikke i snørapporten.",
  "notYet": "Snørapporten for dette skistedet er ikke tilgjengelig ennå.",
  "status": {
    "open": "Åpent",
    "closed": "Stengt",
    "temporarily-closed": "Midlertidig stengt",
    "weekends": "Kun i helgene",
    "no-report": "Ingen rapport",
    "permanently-closed": "Permanent stengt",
    "out-of-season": "Utenfor sesongen"
  },
  "noReport": "Ingen snørapport ennå.",
  "permanentlyClosed": "Anlegget er permanent stengt.",
  "outOfSeason": "Sesongen varer fra {opening} til {closing}.",
  "noForecast": "Ingen værmelding for dette anlegget.",
  "updated": "Oppdatert {time}",
  "outdated": "Rapporten kan være utdatert.",
  "depths": "Snødybde",
  "base": "Bunn",
  "middle": "Midt",
  "summit": "Topp",
  "newSnow": "Nysnø",
  "lastDays": {
    "one": "Snøfall, siste dag",
    "other": "Snøfall, siste {n} dager"
  },
  "surface": "Underlag",
  "top": "Oppe",
  "bottom": "Nede",
  "lifts": "Heiser",
  "runs": "Løyper",
  "parks": "Parker",
  "liftsOpen": {
    "one": "{open} av {total} åpen",
    "other": "{open} av {total} åpne"
  },
  "runsOpen": {
    "one": "{open} av {total} åpen",
    "other": "{open} av {total} åpne"
  },
  "parksOpen": {
    "one": "{open} av {total} åpen",
    "other": "{open} av {total} åpne"
  },
  "difficulty": [
    "Lett",
    "Middels",
    "Vanskelig",
    "Ekspert"
  ],
  "forecast": "Værmelding",
  "today": "I dag",
  "wind": "Vind",
  "snowfall": "Snø",
  "directions": [
    "N",
    "NØ",
    "Ø",
    "SØ",
    "S",
    "SV",
    "V",
    "NV"
  ],
  "links": "Anleggets lenker",
  "weather": {
    "SUN": "Sol",
    "FAIR": "Klarvær",
    "PARTLY_CLOUDY": "Delvis skyet",
    "CLOUDY": "Skyet",
    "FOG": "Tåke",
    "LIGHT_SNOW": "Lett snø",
    "SNOW": "Snø",
    "HEAVY_SNOW": "Kraftig snø",
    "SNOW_SHOWERS": "Snøbyger",
    "SLEET": "Sludd",
    "RAIN": "Regn",
    "THUNDER": "Torden",
    "WIND": "Vind",
    "other": "Vær"
  },
  "pastDays": {
    "one": "{n} dag",
    "other": "{n} dager"
  }
};
export default strings;
