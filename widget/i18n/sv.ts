import type { Strings } from './en.ts';

const strings: Strings = {
  "loading": "Laddar snörapport…",
  "error": "Snörapporten kunde inte laddas.",
  "retry": "Försök igen",
  "unknownResort": "Den här anläggningen finns inte i snörapporten.",
  "notYet": "Snörapporten för den här skidorten är inte tillgänglig än.",
  "status": {
    "open": "Öppet",
    "closed": "Stängt",
    "temporarily-closed": "Tillfälligt stängt",
    "weekends": "Endast helger",
    "no-report": "Ingen rapport",
    "permanently-closed": "Permanent stängt",
    "out-of-season": "Utanför säsongen"
  },
  "noReport": "Ingen snörapport ännu.",
  "permanentlyClosed": "Anläggningen har stängt permanent.",
  "outOfSeason": "Säsongen pågår {opening}–{closing}.",
  "noForecast": "Ingen prognos för den här anläggningen.",
  "updated": "Uppdaterad {time}",
  "outdated": "Rapporten kan vara inaktuell.",
  "depths": "Snödjup",
  "base": "Dal",
  "middle": "Mitt",
  "summit": "Topp",
  "newSnow": "Nysnö",
  "lastDays": {
    "one": "Snöfall, senaste dagen",
    "other": "Snöfall, senaste {n} dagarna"
  },
  "surface": "Underlag",
  "top": "Uppe",
  "bottom": "Nere",
  "lifts": "Liftar",
  "runs": "Backar",
  "parks": "Parker",
  "liftsOpen": {
    "one": "{open} av {total} öppen",
    "other": "{open} av {total} öppna"
  },
  "runsOpen": {
    "one": "{open} av {total} öppen",
    "other": "{open} av {total} öppna"
  },
  "parksOpen": {
    "one": "{open} av {total} öppen",
    "other": "{open} av {total} öppna"
  },
  "difficulty": [
    "Lätt",
    "Medel",
    "Svår",
    "Expert"
  ],
  "forecast": "Prognos",
  "today": "I dag",
  "wind": "Vind",
  "snowfall": "Snö",
  "directions": [
    "N",
    "NO",
    "O",
    "SO",
    "S",
    "SV",
    "V",
    "NV"
  ],
  "links": "Anläggningens länkar",
  "weather": {
    "SUN": "Soligt",
    "FAIR": "Klart",
    "PARTLY_CLOUDY": "Halvklart",
    "CLOUDY": "Molnigt",
    "FOG": "Dimma",
    "LIGHT_SNOW": "Lätt snöfall",
    "SNOW": "Snöfall",
    "HEAVY_SNOW": "Kraftigt snöfall",
    "SNOW_SHOWERS": "Snöbyar",
    "SLEET": "Snöblandat regn",
    "RAIN": "Regn",
    "THUNDER": "Åska",
    "WIND": "Blåsigt",
    "other": "Väder"
  },
  "pastDays": {
    "one": "{n} dag",
    "other": "{n} dagar"
  }
};
export default strings;
