import type { Strings } from './en.ts';

const strings: Strings = {
  "loading": "Ladataan lumiraporttia…",
  "error": "Lumiraporttia ei voitu ladata.",
  "retry": "Yritä uudelleen",
  "unknownResort": "Tämä keskus ei ole lumiraportissa.",
  "notYet": "Tämän hiihtokeskuksen lumiraportti ei ole vielä saatavilla.",
  "status": {
    "open": "Auki",
    "closed": "Suljettu",
    "temporarily-closed": "Tilapäisesti suljettu",
    "weekends": "Vain viikonloppuisin",
    "no-report": "Ei raporttia",
    "permanently-closed": "Suljettu pysyvästi",
    "out-of-season": "Kauden ulkopuolella"
  },
  "noReport": "Lumiraporttia ei ole vielä.",
  "permanentlyClosed": "Keskus on suljettu pysyvästi.",
  "outOfSeason": "Kausi kestää {opening}–{closing}.",
  "noForecast": "Ei sääennustetta tälle keskukselle.",
  "updated": "Päivitetty {time}",
  "outdated": "Raportti voi olla vanhentunut.",
  "depths": "Lumensyvyys",
  "base": "Ala-asema",
  "middle": "Keskiasema",
  "summit": "Huippu",
  "newSnow": "Uutta lunta",
  "lastDays": {
    "one": "Lumisade, viimeinen päivä",
    "other": "Lumisade, viimeiset {n} päivää"
  },
  "surface": "Pinta",
  "top": "Ylhäällä",
  "bottom": "Alhaalla",
  "lifts": "Hissit",
  "runs": "Rinteet",
  "parks": "Puistot",
  "liftsOpen": {
    "one": "{open}/{total} auki",
    "other": "{open}/{total} auki"
  },
  "runsOpen": {
    "one": "{open}/{total} auki",
    "other": "{open}/{total} auki"
  },
  "parksOpen": {
    "one": "{open}/{total} auki",
    "other": "{open}/{total} auki"
  },
  "difficulty": [
    "Helppo",
    "Keskivaikea",
    "Vaikea",
    "Asiantuntija"
  ],
  "forecast": "Ennuste",
  "today": "Tänään",
  "wind": "Tuuli",
  "snowfall": "Lunta",
  "directions": [
    "P",
    "KO",
    "I",
    "KA",
    "E",
    "LO",
    "L",
    "LU"
  ],
  "links": "Keskuksen linkit",
  "weather": {
    "SUN": "Aurinkoista",
    "FAIR": "Selkeää",
    "PARTLY_CLOUDY": "Puolipilvistä",
    "CLOUDY": "Pilvistä",
    "FOG": "Sumua",
    "LIGHT_SNOW": "Heikkoa lumisadetta",
    "SNOW": "Lumisadetta",
    "HEAVY_SNOW": "Voimakasta lumisadetta",
    "SNOW_SHOWERS": "Lumikuuroja",
    "SLEET": "Räntää",
    "RAIN": "Sadetta",
    "THUNDER": "Ukkosta",
    "WIND": "Tuulista",
    "other": "Sää"
  },
  "pastDays": {
    "one": "{n} päivä",
    "other": "{n} päivää"
  }
};
export default strings;
