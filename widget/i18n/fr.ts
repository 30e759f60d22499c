import type { Strings } from './en.ts';

const strings: Strings = {
  "loading": "Chargement du bulletin neige…",
  "error": "Le bulletin neige n’a pas pu être chargé.",
  "retry": "Réessayer",
  "unknownResort": "Cette station ne figure pas dans le bulletin neige.",
  "notYet": "Le bulletin d’enneigement de cette station n’est pas encore disponible.",
  "status": {
    "open": "Ouverte",
    "closed": "Fermée",
    "temporarily-closed": "Fermée temporairement",
    "weekends": "Week-ends uniquement",
    "no-report": "Pas de bulletin",
    "permanently-closed": "Fermée définitivement",
    "out-of-season": "Hors saison"
  },
  "noReport": "Pas encore de bulletin neige.",
  "permanentlyClosed": "Cette station a fermé définitivement.",
  "outOfSeason": "La saison va du {opening} au {closing}.",
  "noForecast": "Pas de prévisions pour cette station.",
  "updated": "Mis à jour {time}",
  "outdated": "Ce bulletin est peut-être dépassé.",
  "depths": "Hauteur de neige",
  "base": "Bas",
  "middle": "Milieu",
  "summit": "Sommet",
  "newSnow": "Neige fraîche",
  "lastDays": {
    "one": "Chutes de neige, dernier jour",
    "other": "Chutes de neige, {n} derniers jours"
  },
  "surface": "Qualité de neige",
  "top": "Haut",
  "bottom": "Bas",
  "lifts": "Remontées",
  "runs": "Pistes",
  "parks": "Snowparks",
  "liftsOpen": {
    "one": "{open} ouverte sur {total}",
    "other": "{open} ouvertes sur {total}"
  },
  "runsOpen": {
    "one": "{open} ouverte sur {total}",
    "other": "{open} ouvertes sur {total}"
  },
  "parksOpen": {
    "one": "{open} ouvert sur {total}",
    "other": "{open} ouverts sur {total}"
  },
  "difficulty": [
    "Facile",
    "Intermédiaire",
    "Difficile",
    "Expert"
  ],
  "forecast": "Prévisions",
  "today": "Aujourd’hui",
  "wind": "Vent",
  "snowfall": "Neige",
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
  "links": "Liens de la station",
  "weather": {
    "SUN": "Ensoleillé",
    "FAIR": "Beau temps",
    "PARTLY_CLOUDY": "Partiellement nuageux",
    "CLOUDY": "Nuageux",
    "FOG": "Brouillard",
    "LIGHT_SNOW": "Faibles chutes de neige",
    "SNOW": "Neige",
    "HEAVY_SNOW": "Fortes chutes de neige",
    "SNOW_SHOWERS": "Averses de neige",
    "SLEET": "Neige fondue",
    "RAIN": "Pluie",
    "THUNDER": "Orage",
    "WIND": "Venteux",
    "other": "Météo"
  },
  "pastDays": {
    "one": "{n} jour",
    "other": "{n} jours"
  }
};
export default strings;
