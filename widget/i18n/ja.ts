import type { Strings } from './en.ts';

const strings: Strings = {
  "loading": "積雪情報を読み込み中…",
  "error": "積雪情報を読み込めませんでした。",
  "retry": "再試行",
  "unknownResort": "このスキー場は積雪情報にありません。",
  "notYet": "このスキー場の積雪情報はまだありません。",
  "status": {
    "open": "営業中",
    "closed": "休業",
    "temporarily-closed": "一時休業",
    "weekends": "週末のみ営業",
    "no-report": "情報なし",
    "permanently-closed": "営業終了",
    "out-of-season": "シーズン外"
  },
  "noReport": "積雪情報はまだありません。",
  "permanentlyClosed": "このスキー場は営業を終了しました。",
  "outOfSeason": "シーズンは{opening}から{closing}まで。",
  "noForecast": "このスキー場の天気予報はありません。",
  "updated": "{time}に更新",
  "outdated": "この情報は古い可能性があります。",
  "depths": "積雪",
  "base": "山麓",
  "middle": "中腹",
  "summit": "山頂",
  "newSnow": "新雪",
  "lastDays": {
    "other": "過去{n}日間の降雪"
  },
  "surface": "雪質",
  "top": "山頂",
  "bottom": "山麓",
  "lifts": "リフト",
  "runs": "コース",
  "parks": "パーク",
  "liftsOpen": {
    "other": "{total}基中{open}基運行"
  },
  "runsOpen": {
    "other": "{total}本中{open}本滑走可"
  },
  "parksOpen": {
    "other": "{total}か所中{open}か所営業"
  },
  "difficulty": [
    "初級",
    "中級",
    "上級",
    "エキスパート"
  ],
  "forecast": "天気予報",
  "today": "今日",
  "wind": "風",
  "snowfall": "雪",
  "directions": [
    "北",
    "北東",
    "東",
    "南東",
    "南",
    "南西",
    "西",
    "北西"
  ],
  "links": "スキー場リンク",
  "weather": {
    "SUN": "晴れ",
    "FAIR": "晴れ時々曇り",
    "PARTLY_CLOUDY": "一部曇り",
    "CLOUDY": "曇り",
    "FOG": "霧",
    "LIGHT_SNOW": "小雪",
    "SNOW": "雪",
    "HEAVY_SNOW": "大雪",
    "SNOW_SHOWERS": "にわか雪",
    "SLEET": "みぞれ",
    "RAIN": "雨",
    "THUNDER": "雷雨",
    "WIND": "強風",
    "other": "天気"
  },
  "pastDays": {
    "other": "{n}日間"
  }
};
export default strings;
