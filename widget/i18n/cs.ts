import type { Strings } from './en.ts';

const strings: Strings = {
  "loading": "Načítání zprávy o sněhu…",
  "error": "Zprávu o sněhu se nepodařilo načíst.",
  "retry": "Zkusit znovu",
  "unknownResort": "Toto středisko není ve zprávě o sněhu.",
  "notYet": "Zpráva o sněhu pro toto středisko zatím není k dispozici.",
  "status": {
    "open": "Otevřeno",
    "closed": "Zavřeno",
    "temporarily-closed": "Dočasně zavřeno",
    "weekends": "Jen o víkendech",
    "no-report": "Bez zprávy",
    "permanently-closed": "Trvale zavřeno",
    "out-of-season": "Mimo sezonu"
  },
  "noReport": "Zpráva o sněhu zatím není k dispozici.",
  "permanentlyClosed": "Toto středisko je trvale zavřené.",
  "outOfSeason": "Sezona trvá od {opening} do {closing}.",
  "noForecast": "Pro toto středisko není předpověď.",
  "updated": "Aktualizováno {time}",
  "outdated": "Tato zpráva může být zastaralá.",
  "depths": "Výška sněhu",
  "base": "Dole",
  "middle": "Uprostřed",
  "summit": "Nahoře",
  "newSnow": "Nový sníh",
  "lastDays": {
    "one": "Sněžení, poslední den",
    "few": "Sněžení, poslední {n} dny",
    "many": "Sněžení, posledních {n} dne",
    "other": "Sněžení, posledních {n} dní"
  },
  "surface": "Povrch",
  "top": "Nahoře",
  "bottom": "Dole",
  "lifts": "Vleky a lanovky",
  "runs": "Sjezdovky",
  "parks": "Parky",
  "liftsOpen": {
    "one": "{open} z {total} v provozu",
    "few": "{open} z {total} v provozu",
    "many": "{open} z {total} v provozu",
    "other": "{open} z {total} v provozu"
  },
  "runsOpen": {
    "one": "{open} otevřená z {total}",
    "few": "{open} otevřené z {total}",
    "many": "{open} otevřené z {total}",
    "other": "{open} otevřených z {total}"
  },
  "parksOpen": {
    "one": "{open} otevřený z {total}",
    "few": "{open} otevřené z {total}",
    "many": "{open} otevřeného z {total}",
    "other": "{open} otevřených z {total}"
  },
  "difficulty": [
    "Lehká",
    "Střední",
    "Těžká",
    "Expertní"
  ],
  "forecast": "Předpověď",
  "today": "Dnes",
  "wind": "Vítr",
  "snowfall": "Sníh",
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
  "links": "Odkazy střediska",
  "weather": {
    "SUN": "Slunečno",
    "FAIR": "Jasno",
    "PARTLY_CLOUDY": "Polojasno",
    "CLOUDY": "Oblačno",
    "FOG": "Mlha",
    "LIGHT_SNOW": "Slabé sněžení",
    "SNOW": "Sněžení",
    "HEAVY_SNOW": "Silné sněžení",
    "SNOW_SHOWERS": "Sněhové přeháňky",
    "SLEET": "Déšť se sněhem",
    "RAIN": "Déšť",
    "THUNDER": "Bouřka",
    "WIND": "Větrno",
    "other": "Počasí"
  },
  "pastDays": {
    "one": "{n} den",
    "few": "{n} dny",
    "many": "{n} dne",
    "other": "{n} dní"
  }
};
export default strings;
