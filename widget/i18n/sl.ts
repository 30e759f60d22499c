import type { Strings } from './en.ts';

const strings: Strings = {
  "loading": "Nalaganje snežnega poročila…",
  "error": "Snežnega poročila ni bilo mogoče naložiti.",
  "retry": "Poskusi znova",
  "unknownResort": "Tega smučišča ni v snežnem poročilu.",
  "notYet": "Snežno poročilo za to smučišče še ni na voljo.",
  "status": {
    "open": "Odprto",
    "closed": "Zaprto",
    "temporarily-closed": "Začasno zaprto",
    "weekends": "Samo ob koncih tedna",
    "no-report": "Ni poročila",
    "permanently-closed": "Trajno zaprto",
    "out-of-season": "Zunaj sezone"
  },
  "noReport": "Snežno poročilo še ni na voljo.",
  "permanentlyClosed": "To smučišče je trajno zaprto.",
  "outOfSeason": "Sezona traja od {opening} do {closing}.",
  "noForecast": "Za to smučišče ni napovedi.",
  "updated": "Posodobljeno {time}",
  "outdated": "To poročilo je morda zastarelo.",
  "depths": "Višina snega",
  "base": "Spodaj",
  "middle": "Sredina",
  "summit": "Vrh",
  "newSnow": "Nov sneg",
  "lastDays": {
    "one": "Sneženje, zadnji dan",
    "two": "Sneženje, zadnja {n} dneva",
    "few": "Sneženje, zadnji {n} dnevi",
    "other": "Sneženje, zadnjih {n} dni"
  },
  "surface": "Podlaga",
  "top": "Zgoraj",
  "bottom": "Spodaj",
  "lifts": "Žičnice",
  "runs": "Proge",
  "parks": "Parki",
  "liftsOpen": {
    "one": "{open} od {total} odprta",
    "two": "{open} od {total} odprti",
    "few": "{open} od {total} odprte",
    "other": "{open} od {total} odprtih"
  },
  "runsOpen": {
    "one": "{open} od {total} odprta",
    "two": "{open} od {total} odprti",
    "few": "{open} od {total} odprte",
    "other": "{open} od {total} odprtih"
  },
  "parksOpen": {
    "one": "{open} od {total} odprt",
    "two": "{open} od {total} odprta",
    "few": "{open} od {total} odprti",
    "other": "{open} od {total} odprtih"
  },
  "difficulty": [
    "Lahka",
    "Srednja",
    "Težka",
    "Strokovna"
  ],
  "forecast": "Napoved",
  "today": "Danes",
  "wind": "Veter",
  "snowfall": "Sneg",
  "directions": [
    "S",
    "SV",
    "V",
    "JV",
    "J",
    "JZ",
    "Z",
    "SZ"
  ],
  "links": "Povezave smučišča",
  "weather": {
    "SUN": "Sončno",
    "FAIR": "Jasno",
    "PARTLY_CLOUDY": "Delno oblačno",
    "CLOUDY": "Oblačno",
    "FOG": "Megla",
    "LIGHT_SNOW": "Rahlo sneženje",
    "SNOW": "Sneženje",
    "HEAVY_SNOW": "Močno sneženje",
    "SNOW_SHOWERS": "Snežne plohe",
    "SLEET": "Žled",
    "RAIN": "Dež",
    "THUNDER": "Nevihta",
    "WIND": "Vetrovno",
    "other": "Vreme"
  },
  "pastDays": {
    "one": "{n} dan",
    "two": "{n} dneva",
    "few": "{n} dni",
    "other": "{n} dni"
  }
};
export default strings;
