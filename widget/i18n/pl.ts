import type { Strings } from './en.ts';

const strings: Strings = {
  "loading": "Wczytywanie raportu śniegowego…",
  "error": "Nie udało się wczytać raportu śniegowego.",
  "retry": "Spróbuj ponownie",
  "unknownResort": "Tego ośrodka nie ma w raporcie śniegowym.",
  "notYet": "Raport śniegowy tego ośrodka nie jest jeszcze dostępny.",
  "status": {
    "open": "Otwarty",
    "closed": "Zamknięty",
    "temporarily-closed": "Tymczasowo zamknięty",
    "weekends": "Tylko w weekendy",
    "no-report": "Brak raportu",
    "permanently-closed": "Zamknięty na stałe",
    "out-of-season": "Poza sezonem"
  },
  "noReport": "Brak raportu śniegowego.",
  "permanentlyClosed": "Ten ośrodek został zamknięty na stałe.",
  "outOfSeason": "Sezon trwa od {opening} do {closing}.",
  "noForecast": "Brak prognozy dla tego ośrodka.",
  "updated": "Aktualizacja {time}",
  "outdated": "Ten raport może być nieaktualny.",
  "depths": "Grubość śniegu",
  "base": "Dół",
  "middle": "Środek",
  "summit": "Szczyt",
  "newSnow": "Świeży śnieg",
  "lastDays": {
    "one": "Opady śniegu, ostatni dzień",
    "few": "Opady śniegu, ostatnie {n} dni",
    "many": "Opady śniegu, ostatnie {n} dni",
    "other": "Opady śniegu, ostatnie {n} dnia"
  },
  "surface": "Nawierzchnia",
  "top": "Góra",
  "bottom": "Dół",
  "lifts": "Wyciągi",
  "runs": "Trasy",
  "parks": "Parki",
  "liftsOpen": {
    "one": "{open} otwarty z {total}",
    "few": "{open} otwarte z {total}",
    "many": "{open} otwartych z {total}",
    "other": "{open} otwartych z {total}"
  },
  "runsOpen": {
    "one": "{open} otwarta z {total}",
    "few": "{open} otwarte z {total}",
    "many": "{open} otwartych z {total}",
    "other": "{open} otwartych z {total}"
  },
  "parksOpen": {
    "one": "{open} otwarty z {total}",
    "few": "{open} otwarte z {total}",
    "many": "{open} otwartych z {total}",
    "other": "{open} otwartych z {total}"
  },
  "difficulty": [
    "Łatwa",
    "Średnia",
    "Trudna",
    "Ekspercka"
  ],
  "forecast": "Prognoza",
  "today": "Dziś",
  "wind": "Wiatr",
  "snowfall": "Śnieg",
  "directions": [
    "N",
    "NE",
    "E",
    "SE",
    "S",
    "SW",
    "W",
    "NW"
  ],
  "links": "Linki ośrodka",
  "weather": {
    "SUN": "Słonecznie",
    "FAIR": "Pogodnie",
    "PARTLY_CLOUDY": "Częściowe zachmurzenie",
    "CLOUDY": "Pochmurno",
    "FOG": "Mgła",
    "LIGHT_SNOW": "Słaby śnieg",
    "SNOW": "Śnieg",
    "HEAVY_SNOW": "Intensywny śnieg",
    "SNOW_SHOWERS": "Przelotny śnieg",
    "SLEET": "Deszcz ze śniegiem",
    "RAIN": "Deszcz",
    "THUNDER": "Burza",
    "WIND": "Wietrznie",
    "other": "Pogoda"
  },
  "pastDays": {
    "one": "{n} dzień",
    "few": "{n} dni",
    "many": "{n} dni",
    "other": "{n} dnia"
  }
};
export default strings;
