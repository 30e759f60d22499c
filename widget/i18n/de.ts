import type { Strings } from './en.ts';

const strings: Strings = {
  "loading": "Schneebericht wird geladen…",
  "error": "Der Schneebericht konnte nicht geladen werden.",
  "retry": "Erneut versuchen",
  "unknownResort": "Dieses Skigebiet ist nicht im Schneebericht.",
  "notYet": "Der Schneebericht für dieses Skigebiet ist noch nicht verfügbar.",
  "status": {
    "open": "Geöffnet",
    "closed": "Geschlossen",
    "temporarily-closed": "Vorübergehend geschlossen",
    "weekends": "Nur am Wochenende",
    "no-report": "Kein Bericht",
    "permanently-closed": "Dauerhaft geschlossen",
    "out-of-season": "Außerhalb der Saison"
  },
  "noReport": "Noch kein Schneebericht verfügbar.",
  "permanentlyClosed": "Dieses Skigebiet ist dauerhaft geschlossen.",
  "outOfSeason": "Die Saison dauert vom {opening} bis zum {closing}.",
  "noForecast": "Keine Vorhersage für dieses Skigebiet.",
  "updated": "Aktualisiert {time}",
  "outdated": "Dieser Bericht ist möglicherweise veraltet.",
  "depths": "Schneehöhe",
  "base": "Tal",
  "middle": "Mitte",
  "summit": "Berg",
  "newSnow": "Neuschnee",
  "lastDays": {
    "one": "Schneefall, letzter Tag",
    "other": "Schneefall, letzte {n} Tage"
  },
  "surface": "Pistenzustand",
  "top": "Oben",
  "bottom": "Unten",
  "lifts": "Lifte",
  "runs": "Pisten",
  "parks": "Parks",
  "liftsOpen": {
    "one": "{open} von {total} offen",
    "other": "{open} von {total} offen"
  },
  "runsOpen": {
    "one": "{open} von {total} offen",
    "other": "{open} von {total} offen"
  },
  "parksOpen": {
    "one": "{open} von {total} offen",
    "other": "{open} von {total} offen"
  },
  "difficulty": [
    "Leicht",
    "Mittel",
    "Schwer",
    "Experte"
  ],
  "forecast": "Vorhersage",
  "today": "Heute",
  "wind": "Wind",
  "snowfall": "Schnee",
  "directions": [
    "N",
    "NO",
    "O",
    "SO",
    "S",
    "SW",
    "W",
    "NW"
  ],
  "links": "Links des Skigebiets",
  "weather": {
    "SUN": "Sonnig",
    "FAIR": "Heiter",
    "PARTLY_CLOUDY": "Teils bewölkt",
    "CLOUDY": "Bewölkt",
    "FOG": "Nebel",
    "LIGHT_SNOW": "Leichter Schneefall",
    "SNOW": "Schneefall",
    "HEAVY_SNOW": "Starker Schneefall",
    "SNOW_SHOWERS": "Schneeschauer",
    "SLEET": "Schneeregen",
    "RAIN": "Regen",
    "THUNDER": "Gewitter",
    "WIND": "Windig",
    "other": "Wetter"
  },
  "pastDays": {
    "one": "{n} Tag",
    "other": "{n} Tage"
  }
};
export default strings;
