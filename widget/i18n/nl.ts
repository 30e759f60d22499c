import type { Strings } from './en.ts';

const strings: Strings = {
  "loading": "Sneeuwbericht laden…",
  "error": "Het sneeuwbericht kon niet worden geladen.",
  "retry": "Opnieuw proberen",
  "unknownResort": "Dit skigebied staat niet in het sneeuwbericht.",
  "notYet": "Het sneeuwbericht van dit skigebied is nog niet beschikbaar.",
  "status": {
    "open": "Open",
    "closed": "Gesloten",
    "temporarily-closed": "Tijdelijk gesloten",
    "weekends": "Alleen in het weekend",
    "no-report": "Geen bericht",
    "permanently-closed": "Definitief gesloten",
    "out-of-season": "Buiten het seizoen"
  },
  "noReport": "Nog geen sneeuwbericht beschikbaar.",
  "permanentlyClosed": "Dit skigebied is definitief gesloten.",
  "outOfSeason": "Het seizoen loopt van {opening} tot {closing}.",
  "noForecast": "Geen verwachting voor dit skigebied.",
  "updated": "Bijgewerkt {time}",
  "outdated": "Dit bericht is mogelijk verouderd.",
  "depths": "Sneeuwhoogte",
  "base": "Dal",
  "middle": "Midden",
  "summit": "Top",
  "newSnow": "Verse sneeuw",
  "lastDays": {
    "one": "Sneeuwval, laatste dag",
    "other": "Sneeuwval, laatste {n} dagen"
  },
  "surface": "Ondergrond",
  "top": "Boven",
  "bottom": "Onder",
  "lifts": "Liften",
  "runs": "Pistes",
  "parks": "Parken",
  "liftsOpen": {
    "one": "{open} van {total} open",
    "other": "{open} van {total} open"
  },
  "runsOpen": {
    "one": "{open} van {total} open",
    "other": "{open} van {total} open"
  },
  "parksOpen": {
    "one": "{open} van {total} open",
    "other": "{open} van {total} open"
  },
  "difficulty": [
    "Makkelijk",
    "Gemiddeld",
    "Moeilijk",
    "Expert"
  ],
  "forecast": "Verwachting",
  "today": "Vandaag",
  "wind": "Wind",
  "snowfall": "Sneeuw",
  "directions": [
    "N",
    "NO",
    "O",
    "ZO",
    "Z",
    "ZW",
    "W",
    "NW"
  ],
  "links": "Links van het skigebied",
  "weather": {
    "SUN": "Zonnig",
    "FAIR": "Helder",
    "PARTLY_CLOUDY": "Half bewolkt",
    "CLOUDY": "Bewolkt",
    "FOG": "Mist",
    "LIGHT_SNOW": "Lichte sneeuw",
    "SNOW": "Sneeuw",
    "HEAVY_SNOW": "Zware sneeuw",
    "SNOW_SHOWERS": "Sneeuwbuien",
    "SLEET": "Natte sneeuw",
    "RAIN": "Regen",
    "THUNDER": "Onweer",
    "WIND": "Winderig",
    "other": "Weer"
  },
  "pastDays": {
    "one": "{n} dag",
    "other": "{n} dagen"
  }
};
export default strings;
