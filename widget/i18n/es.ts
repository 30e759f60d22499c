import type { Strings } from './en.ts';

const strings: Strings = {
  "loading": "Cargando el parte de nieve…",
  "error": "No se pudo cargar el parte de nieve.",
  "retry": "Reintentar",
  "unknownResort": "Esta estación no está en el parte de nieve.",
  "notYet": "El parte de nieve de esta estación aún no está disponible.",
  "status": {
    "open": "Abierta",
    "closed": "Cerrada",
    "temporarily-closed": "Cerrada temporalmente",
    "weekends": "Solo fines de semana",
    "no-report": "Sin parte",
    "permanently-closed": "Cerrada definitivamente",
    "out-of-season": "Fuera de temporada"
  },
  "noReport": "Aún no hay parte de nieve.",
  "permanentlyClosed": "Esta estación ha cerrado definitivamente.",
  "outOfSeason": "La temporada va del {opening} al {closing}.",
  "noForecast": "No hay previsión para esta estación.",
  "updated": "Actualizado {time}",
  "outdated": "Este parte puede estar desactualizado.",
  "depths": "Espesor de nieve",
  "base": "Base",
  "middle": "Medio",
  "summit": "Cima",
  "newSnow": "Nieve nueva",
  "lastDays": {
    "one": "Nevadas, último día",
    "other": "Nevadas, últimos {n} días"
  },
  "surface": "Estado de la nieve",
  "top": "Arriba",
  "bottom": "Abajo",
  "lifts": "Remontes",
  "runs": "Pistas",
  "parks": "Snowparks",
  "liftsOpen": {
    "one": "{open} abierto de {total}",
    "other": "{open} abiertos de {total}"
  },
  "runsOpen": {
    "one": "{open} abierta de {total}",
    "other": "{open} abiertas de {total}"
  },
  "parksOpen": {
    "one": "{open} abierto de {total}",
    "other": "{open} abiertos de {total}"
  },
  "difficulty": [
    "Fácil",
    "Intermedia",
    "Difícil",
    "Experta"
  ],
  "forecast": "Previsión",
  "today": "Hoy",
  "wind": "Viento",
  "snowfall": "Nieve",
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
  "links": "Enlaces de la estación",
  "weather": {
    "SUN": "Soleado",
    "FAIR": "Despejado",
    "PARTLY_CLOUDY": "Parcialmente nublado",
    "CLOUDY": "Nublado",
    "FOG": "Niebla",
    "LIGHT_SNOW": "Nieve débil",
    "SNOW": "Nieve",
    "HEAVY_SNOW": "Nieve intensa",
    "SNOW_SHOWERS": "Chubascos de nieve",
    "SLEET": "Aguanieve",
    "RAIN": "Lluvia",
    "THUNDER": "Tormenta",
    "WIND": "Ventoso",
    "other": "Tiempo"
  },
  "pastDays": {
    "one": "{n} día",
    "other": "{n} días"
  }
};
export default strings;
