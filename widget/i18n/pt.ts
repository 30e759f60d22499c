import type { Strings } from './en.ts';

const strings: Strings = {
  "loading": "A carregar o relatório de neve…",
  "error": "Não foi possível carregar o relatório de neve.",
  "retry": "Tentar novamente",
  "unknownResort": "Esta estância não está no relatório de neve.",
  "notYet": "O relatório de neve desta estância ainda não está disponível.",
  "status": {
    "open": "Aberta",
    "closed": "Fechada",
    "temporarily-closed": "Temporariamente fechada",
    "weekends": "Só aos fins de semana",
    "no-report": "Sem relatório",
    "permanently-closed": "Fechada definitivamente",
    "out-of-season": "Fora de época"
  },
  "noReport": "Ainda sem relatório de neve.",
  "permanentlyClosed": "Esta estância fechou definitivamente.",
  "outOfSeason": "A época vai de {opening} a {closing}.",
  "noForecast": "Sem previsão para esta estância.",
  "updated": "Atualizado {time}",
  "outdated": "Este relatório pode estar desatualizado.",
  "depths": "Espessura de neve",
  "base": "Base",
  "middle": "Meio",
  "summit": "Topo",
  "newSnow": "Neve nova",
  "lastDays": {
    "one": "Queda de neve, último dia",
    "other": "Queda de neve, últimos {n} dias"
  },
  "surface": "Superfície",
  "top": "Cima",
  "bottom": "Baixo",
  "lifts": "Elevadores",
  "runs": "Pistas",
  "parks": "Parques",
  "liftsOpen": {
    "one": "{open} aberto de {total}",
    "other": "{open} abertos de {total}"
  },
  "runsOpen": {
    "one": "{open} aberta de {total}",
    "other": "{open} abertas de {total}"
  },
  "parksOpen": {
    "one": "{open} aberto de {total}",
    "other": "{open} abertos de {total}"
  },
  "difficulty": [
    "Fácil",
    "Intermédia",
    "Difícil",
    "Especialista"
  ],
  "forecast": "Previsão",
  "today": "Hoje",
  "wind": "Vento",
  "snowfall": "Neve",
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
  "links": "Ligações da estância",
  "weather": {
    "SUN": "Sol",
    "FAIR": "Bom tempo",
    "PARTLY_CLOUDY": "Parcialmente nublado",
    "CLOUDY": "Nublado",
    "FOG": "Nevoeiro",
    "LIGHT_SNOW": "Neve fraca",
    "SNOW": "Neve",
    "HEAVY_SNOW": "Neve forte",
    "SNOW_SHOWERS": "Aguaceiros de neve",
    "SLEET": "Água-neve",
    "RAIN": "Chuva",
    "THUNDER": "Trovoada",
    "WIND": "Vento forte",
    "other": "Tempo"
  },
  "pastDays": {
    "one": "{n} dia",
    "other": "{n} dias"
  }
};
export default strings;
