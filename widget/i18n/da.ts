import type { Strings } from './en.ts';

const strings: Strings = {
  "loading": "Indlæser snerapport…",
  "error": "Snerapporten kunne ikke indlæses.",
  "retry": "Prøv igen",
  "unknownResort": "Dette skisportssted er ikke i snerapporten.",
  "notYet": "Snerapporten for dette skisportssted er ikke tilgængelig endnu.",
  "status": {
    "open": "Åbent",
    "closed": "Lukket",
    "temporarily-closed": "Midlertidigt lukket",
    "weekends": "Kun i weekender",
    "no-report": "Ingen rapport",
    "permanently-closed": "Lukket permanent",
    "out-of-season": "Uden for sæsonen"
  },
  "noReport": "Ingen snerapport endnu.",
  "permanentlyClosed": "Skisportsstedet er lukket permanent.",
  "outOfSeason": "Sæsonen varer fra {opening} til {closing}.",
  "noForecast": "Ingen prognose for dette skisportssted.",
  "updated": "Opdateret {time}",
  "outdated": "Rapporten kan være forældet.",
  "depths": "Snedybde",
  "base": "Bund",
  "middle": "Midt",
  "summit": "Top",
  "newSnow": "Nysne",
  "lastDays": {
    "one": "Snefald, seneste dag",
    "other": "Snefald, seneste {n} dage"
  },
  "surface": "Underlag",
  "top": "Oppe",
  "bottom": "Nede",
  "lifts": "Lifte",
  "runs": "Pister",
  "parks": "Parker",
  "liftsOpen": {
    "one": "{open} af {total} åben",
    "other": "{open} af {total} åbne"
  },
  "runsOpen": {
    "one": "{open} af {total} åben",
    "other": "{open} af {total} åbne"
  },
  "parksOpen": {
    "one": "{open} af {total} åben",
    "other": "{open} af {total} åbne"
  },
  "difficulty": [
    "Let",
    "Mellem",
    "Svær",
    "Ekspert"
  ],
  "forecast": "Prognose",
  "today": "I dag",
  "wind": "Vind",
  "snowfall": "Sne",
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
  "links": "Skisportsstedets links",
  "weather": {
    "SUN": "Sol",
    "FAIR": "Klart",
    "PARTLY_CLOUDY": "Let skyet",
    "CLOUDY": "Skyet",
    "FOG": "Tåge",
    "LIGHT_SNOW": "Let snefald",
    "SNOW": "Snefald",
    "HEAVY_SNOW": "Kraftigt snefald",
    "SNOW_SHOWERS": "Snebyger",
    "SLEET": "Slud",
    "RAIN": "Regn",
    "THUNDER": "Torden",
    "WIND": "Blæsende",
    "other": "Vejr"
  },
  "pastDays": {
    "one": "{n} dag",
    "other": "{n} dage"
  }
};
export default strings;
