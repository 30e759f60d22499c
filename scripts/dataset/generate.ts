/**
 * Deterministic generator of fictional resorts. It made the committed sample in `data/resorts.json` and
 * makes the large datasets `npm run bench` measures. Every enumeration value (scripts/api/README.md,
 * "Records") is spread over the first resorts, so any dataset of 18 or more resorts covers them all.
 */
import type {
  DatasetLift,
  DatasetRegion,
  DatasetResort,
  DatasetRun,
  DatasetWeather,
  DatasetWebcam,
  Translated,
} from './schema.ts';
import { LIFT_TYPES } from '../api/schemas/enums.ts';

/** mulberry32: small, fast, and the same sequence on every machine. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NAMES: Record<number, string[]> = {
  429: [
    'Silver Hollow',
    'Elk Ridge',
    'Cinder Peak',
    'Bristlecone Basin',
    'Granite Notch',
    'Juniper Bowl',
    'Raven Gulch',
    'Bluebird Summit',
  ],
  430: [
    'Caribou Crest',
    'Glacier Lake',
    'Tamarack Heights',
    'Loon Mountain Park',
    'Spruce Valley',
    'Moose Pass',
  ],
  240: [
    'Aiguille Blanche',
    'Col des Marmottes',
    'Pointe des Neiges',
    'Val Chamois',
    'Les Arolles',
    'Pic du Lynx',
  ],
  242: [
    'Hochalm Gletscher',
    'Steinbock Arena',
    'Edelweissberg',
    'Zirbenkogel',
    'Almrausch Tal',
    'Wildkogel Alm',
  ],
  184: ['Piz Sulai', 'Bellalp Sud', 'Grimsel Blick', 'Arvenhorn', 'Silberfirn'],
  233: ['Cima Bianca', 'Passo dei Larici', 'Monte Stella', 'Val di Neve', 'Punta Camoscio'],
  214: ['Gamswand', 'Tannenkopf', 'Feldberg Nord', 'Wildalpjoch'],
  276: ['Shirakaba Kogen', 'Yukiyama Onsen', 'Kitsune Dake', 'Asahi Powder Park'],
};
const CITIES: Record<number, string[]> = {
  429: ['Frisco', 'Park City', 'Stowe', 'Truckee', 'Breckenridge'],
  430: ['Revelstoke', 'Banff', 'Mont-Tremblant', 'Golden'],
  240: ['Chamonix', 'Briançon', 'Font-Romeu', 'Bourg-Saint-Maurice'],
  242: ['St. Anton', 'Mayrhofen', 'Zell am See', 'Lech'],
  184: ['Zermatt', 'Davos', 'Grindelwald', 'Saas-Fee'],
  233: ['Courmayeur', 'Canazei', 'Livigno', 'Cervinia'],
  214: ['Garmisch-Partenkirchen', 'Oberstdorf', 'Feldberg'],
  276: ['Kutchan', 'Hakuba', 'Nozawa Onsen', 'Furano'],
};
const UTC_OFFSETS: Record<number, number> = {
  251: -7,
  252: -7,
  253: -5,
  254: -8,
  301: -8,
  302: -7,
  303: -5,
  240: 1,
  242: 1,
  184: 1,
  233: 1,
  214: 1,
  276: 9,
};
const PHONES: Record<number, string> = {
  429: '+1 970',
  430: '+1 250',
  240: '+33 4',
  242: '+43 5',
  184: '+41 27',
  233: '+39 0165',
  214: '+49 8821',
  276: '+81 136',
};

const LIFT_PREFIXES = [
  'Summit',
  'Valley',
  'Eagle',
  'Sunrise',
  'Glade',
  'Panorama',
  'North Face',
  'Ridge',
  'Meadow',
  'Kinderland',
  'Col',
  'Nordlicht',
];
const LIFT_SUFFIXES: Record<DatasetLift['type'], string> = {
  surface: 'T-Bar',
  double: 'Double',
  triple: 'Triple',
  quad: 'Quad',
  highSpeedQuad: 'Express Quad',
  highSpeedSix: 'Six Express',
  highSpeedEight: 'Eight Express',
  gondola: 'Gondola',
  tram: 'Tram',
  other: 'Magic Carpet',
};
const RUN_NAMES = [
  'Bunny Hill',
  'Sunshine',
  'Meadow Run',
  'Hidden Trail',
  'Gully',
  'Black Diamond',
  'The Chute',
  'Powder Bowl',
  'Last Chance',
  'Moonlight',
  'Panorama',
  'Schuss',
  'Edelweiss',
  'Couloir',
  'Forest Loop',
  'Cornice',
  'Traverse',
  'Lower Valley',
];
const SYMBOLS = [
  'SUN',
  'FAIR',
  'PARTLY_CLOUDY',
  'CLOUDY',
  'FOG',
  'LIGHT_SNOW',
  'SNOW',
  'HEAVY_SNOW',
  'SNOW_SHOWERS',
  'SLEET',
  'RAIN',
  'THUNDER',
  'WIND',
] as const;
const DIRECTIONS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;
const LIFT_TYPE_KEYS = Object.keys(LIFT_TYPES) as DatasetLift['type'][];

const COMMENTS: Translated[] = [
  {
    en: 'Fresh snow overnight and every run freshly groomed. Expect a busy morning on the upper lifts.',
    de: 'Neuschnee über Nacht und alle Pisten bestens präpariert. Am Vormittag ist an den oberen Liften viel los.',
    fr: 'Neige fraîche cette nuit et toutes les pistes damées en parfait état. Affluence attendue le matin en haut du domaine.',
    it: 'Neve fresca durante la notte e tutte le piste battute in ottime condizioni. Mattinata affollata sugli impianti in quota.',
    es: 'Nieve fresca durante la noche y todas las pistas recién pisadas. Se espera una mañana concurrida en los remontes superiores.',
    nl: 'Verse sneeuw vannacht en alle pistes vers geprepareerd. Reken op een drukke ochtend bij de bovenste liften.',
    pt: 'Neve fresca durante a noite e todas as pistas acabadas de preparar. Espera-se uma manhã movimentada nos teleféricos superiores.',
    sv: 'Nysnö i natt och alla nedfarter nypistade. Räkna med en välbesökt förmiddag i de övre liftarna.',
    no: 'Nysnø i natt og alle løyper nypreparert. Regn med en travel formiddag i de øverste heisene.',
    da: 'Nysne i nat og alle pister nypræparerede. Forvent en travl formiddag ved de øverste lifte.',
    fi: 'Yöllä satoi uutta lunta ja kaikki rinteet on juuri tampattu. Ylähisseillä on odotettavissa ruuhkainen aamupäivä.',
    pl: 'Świeży śnieg w nocy i wszystkie trasy świeżo przygotowane. Rano spodziewany duży ruch przy górnych wyciągach.',
    cs: 'V noci napadl čerstvý sníh a všechny sjezdovky jsou čerstvě upravené. Dopoledne počítejte s frontami u horních lanovek.',
    sl: 'Ponoči je zapadel svež sneg in vse proge so sveže urejene. Dopoldne pričakujte gnečo na zgornjih žičnicah.',
    ja: '夜間に新雪が積もり、全コースを圧雪済み。午前中は上部リフトの混雑が予想されます。',
  },
  {
    en: 'Spring conditions: firm early, soft by noon. Sunscreen recommended.',
    de: 'Frühlingsverhältnisse: morgens hart, ab Mittag weich. Sonnencreme empfohlen.',
    fr: 'Conditions de printemps : dur le matin, souple à midi. Crème solaire recommandée.',
    it: 'Condizioni primaverili: neve dura al mattino, morbida a mezzogiorno. Si consiglia la crema solare.',
    es: 'Condiciones primaverales: nieve dura a primera hora, blanda al mediodía. Se recomienda protector solar.',
    nl: 'Voorjaarsomstandigheden: ’s ochtends hard, rond het middaguur zacht. Zonnebrand aanbevolen.',
    pt: 'Condições de primavera: neve dura de manhã cedo, mole ao meio-dia. Recomenda-se protetor solar.',
    sv: 'Vårförhållanden: hårt på morgonen, mjukt vid lunch. Solkräm rekommenderas.',
    no: 'Vårforhold: hardt tidlig, mykt ved middagstid. Solkrem anbefales.',
    da: 'Forårsforhold: hårdt om morgenen, blødt ved middagstid. Solcreme anbefales.',
    fi: 'Kevätkelit: aamulla kova, puoleenpäivään mennessä pehmeä. Aurinkorasvaa suositellaan.',
    pl: 'Warunki wiosenne: rano twardo, w południe miękko. Zalecany krem z filtrem.',
    cs: 'Jarní podmínky: ráno tvrdo, v poledne měkko. Doporučujeme opalovací krém.',
    sl: 'Spomladanske razmere: zjutraj trdo, opoldne mehko. Priporočamo kremo za sončenje.',
    ja: '春の雪質：朝は硬く、昼には柔らかくなります。日焼け止めをお勧めします。',
  },
  {
    en: 'Wind closed the summit lifts this morning; lower mountain open as usual.',
    de: 'Wind hat die Gipfellifte heute Morgen geschlossen; der untere Berg ist wie gewohnt offen.',
    fr: 'Le vent a fermé les remontées du sommet ce matin ; le bas du domaine est ouvert comme d’habitude.',
    it: 'Il vento ha chiuso gli impianti in vetta stamattina; la parte bassa è aperta come sempre.',
    es: 'El viento ha cerrado los remontes de la cumbre esta mañana; la parte baja de la montaña abre con normalidad.',
    nl: 'Door de wind zijn de toppliften vanochtend gesloten; het lagere deel van de berg is gewoon open.',
    pt: 'O vento fechou os teleféricos do cume esta manhã; a parte baixa da montanha está aberta como habitualmente.',
    sv: 'Blåsten stängde topliftarna i morse; nedre delen av berget är öppen som vanligt.',
    no: 'Vinden stengte toppheisene i morges; nedre del av fjellet er åpen som vanlig.',
    da: 'Vinden lukkede toplifterne i morges; den nederste del af bjerget er åben som normalt.',
    fi: 'Tuuli sulki huipun hissit tänä aamuna; alarinteet ovat auki tavalliseen tapaan.',
    pl: 'Wiatr zamknął dziś rano wyciągi na szczycie; dolna część góry jest czynna jak zwykle.',
    cs: 'Vítr dnes ráno zastavil vrcholové lanovky; spodní část hory je otevřena jako obvykle.',
    sl: 'Veter je danes zjutraj zaprl vršne žičnice; spodnji del smučišča je odprt kot običajno.',
    ja: '今朝は強風のため山頂リフトが運休。山麓エリアは通常どおり営業しています。',
  },
  {
    en: 'Snowmaking on all main runs. Night skiing Friday and Saturday until 21:00.',
    de: 'Beschneiung auf allen Hauptpisten. Nachtskilauf freitags und samstags bis 21:00 Uhr.',
    fr: 'Neige de culture sur toutes les pistes principales. Ski nocturne vendredi et samedi jusqu’à 21 h.',
    it: 'Innevamento programmato su tutte le piste principali. Sci notturno venerdì e sabato fino alle 21:00.',
    es: 'Producción de nieve en todas las pistas principales. Esquí nocturno viernes y sábado hasta las 21:00.',
    nl: 'Kunstsneeuw op alle hoofdpistes. Avondskiën op vrijdag en zaterdag tot 21.00 uur.',
    pt: 'Produção de neve em todas as pistas principais. Esqui noturno à sexta e ao sábado até às 21h00.',
    sv: 'Snötillverkning i alla huvudnedfarter. Kvällsåkning fredag och lördag till 21.00.',
    no: 'Snøproduksjon i alle hovedløyper. Kveldskjøring fredag og lørdag til kl. 21.00.',
    da: 'Kunstsne på alle hovedpister. Aftenskiløb fredag og lørdag til kl. 21.00.',
    fi: 'Lumetus käynnissä kaikissa päärinteissä. Iltalaskua perjantaina ja lauantaina klo 21.00 asti.',
    pl: 'Naśnieżanie na wszystkich głównych trasach. Jazda nocna w piątek i sobotę do 21:00.',
    cs: 'Zasněžování na všech hlavních sjezdovkách. Večerní lyžování v pátek a sobotu do 21:00.',
    sl: 'Zasneževanje na vseh glavnih progah. Nočna smuka v petek in soboto do 21.00.',
    ja: '主要コースすべてで人工降雪中。金曜と土曜は21時までナイター営業。',
  },
];

const OVERVIEWS: Array<Partial<Record<string, string>>> = [
  {
    en: '<p><strong>{name}</strong> rises above {city} with long cruising runs and a sheltered beginner area.</p><ul><li>Family friendly</li><li>Ski school on site</li></ul>',
    de: '<p><strong>{name}</strong> liegt oberhalb von {city}, mit langen Genussabfahrten und einem geschützten Anfängerbereich.</p><ul><li>Familienfreundlich</li><li>Skischule vor Ort</li></ul>',
    fr: '<p><strong>{name}</strong> domine {city} avec de longues pistes de croisière et un espace débutants abrité.</p><ul><li>Idéal en famille</li><li>École de ski sur place</li></ul>',
  },
  {
    en: '<p>Steep terrain and deep powder: <em>{name}</em> is a favourite of experts. <a href="https://avalanche.example/{citySlug}">Check the avalanche bulletin</a> before heading off-piste.</p>',
    it: '<p>Terreno ripido e neve profonda: <em>{name}</em> è amata dagli esperti. <a href="https://avalanche.example/{citySlug}">Consulta il bollettino valanghe</a> prima del fuoripista.</p>',
  },
  {
    de: '<p><strong>{name}</strong>: ein kleines Skigebiet mit großer Tradition in {city}.</p>',
  },
];

export interface GenerateOptions {
  count: number;
  seed?: number;
  regions: readonly DatasetRegion[];
  /** Ids to use, in order; more are made up after the largest. */
  ids?: readonly number[];
}

const round = (n: number, digits = 0) => Math.round(n * 10 ** digits) / 10 ** digits;
const slug = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Makes `count` resorts spread over the states of `regions`. */
export function generateResorts({ count, seed = 2026, regions, ids = [] }: GenerateOptions): DatasetResort[] {
  const rnd = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const int = (min: number, max: number) => min + Math.floor(rnd() * (max - min + 1));
  const states = regions.filter((r) => r.type === 'STATE');
  const nameUse = new Map<string, number>();
  const perCountry = new Map<number, number>();
  let nextId = Math.max(0, ...ids) + 1;
  const resorts: DatasetResort[] = [];

  for (let i = 0; i < count; i++) {
    const state = states[i % states.length]!;
    const countryId = state.parentId!;
    const local = regions.filter(
      (r) => r.type === 'REGION' && (r.parentId === state.id || r.parentId === countryId),
    );
    const pool = NAMES[countryId] ?? ['Snow Valley'];
    const nth = perCountry.get(countryId) ?? 0;
    perCountry.set(countryId, nth + 1);
    const base = pool[nth % pool.length]!;
    const used = nameUse.get(base) ?? 0;
    nameUse.set(base, used + 1);
    const name = used === 0 ? base : `${base} ${used + 1}`;
    const city = pick(CITIES[countryId] ?? ['Alpine Village']);
    const id = i < ids.length ? ids[i]! : nextId++;
    const domain = `${slug(name)}.example`;

    const permanentlyClosed = i === 5;
    const outOfSeason = i === 4;
    const liftCount = permanentlyClosed ? 3 : int(4, 12);
    const lifts: DatasetLift[] = Array.from(
      { length: i === 0 ? LIFT_TYPE_KEYS.length : liftCount },
      (_, j) => {
        const type = i === 0 ? LIFT_TYPE_KEYS[j]! : LIFT_TYPE_KEYS[(i + j * 3) % LIFT_TYPE_KEYS.length]!;
        return {
          name: `${LIFT_PREFIXES[(i + j) % LIFT_PREFIXES.length]!} ${LIFT_SUFFIXES[type]}`,
          type,
          status: liftStatus(j),
        };
      },
    );
    function liftStatus(j: number): DatasetLift['status'] {
      return permanentlyClosed || outOfSeason
        ? 2
        : i < 2
          ? ((j % 6) as DatasetLift['status'])
          : pick([1, 1, 1, 1, 2, 3, 4] as const);
    }
    const runCount = int(8, 18);
    const runs: DatasetRun[] = Array.from({ length: runCount }, (_, j) => ({
      name: RUN_NAMES[(i * 3 + j) % RUN_NAMES.length]!,
      difficulty: (i < 3 ? j % 5 : 1 + ((i + j) % 4)) as DatasetRun['difficulty'],
      status:
        permanentlyClosed || outOfSeason
          ? 2
          : i < 2
            ? ((j % 6) as DatasetRun['status'])
            : pick([1, 1, 1, 2, 5] as const),
      lengthKm: round(0.4 + rnd() * 3.6, 1),
      grooming: rnd() < 0.7,
      snowmaking: rnd() < 0.4,
      nightskiing: i % 4 === 1 && j < 3,
    }));
    const baseM = int(600, 1900);
    const top = baseM + int(500, 1800);
    const hasParks = i % 3 !== 2;
    const hasNordic = i % 4 === 0;

    const forecast: DatasetWeather[] = Array.from({ length: 6 }, (_, day) => {
      const tempTop = round(-16 + rnd() * 14, 1);
      const tempBottom = round(tempTop + 3 + rnd() * 6, 1);
      const symbol = i < 2 ? SYMBOLS[(i * 6 + day) % SYMBOLS.length]! : pick(SYMBOLS);
      const snowy = /SNOW|SLEET/.test(symbol);
      return {
        symbol,
        bottomSymbol: symbol === 'HEAVY_SNOW' ? 'SNOW' : symbol,
        tempTop,
        tempBottom,
        tempTopMax: round(tempTop + 1 + rnd() * 3, 1),
        tempTopMin: round(tempTop - 2 - rnd() * 5, 1),
        tempBottomMax: round(tempBottom + 1 + rnd() * 3, 1),
        tempBottomMin: round(tempBottom - 2 - rnd() * 5, 1),
        snowfallCm: snowy ? int(1, 30) : 0,
        windMs: round(rnd() * 18, 1),
        bottomWindMs: round(rnd() * 8, 1),
        direction: pick(DIRECTIONS),
        bottomDirection: pick(DIRECTIONS),
        modifiedMinutesAgo: int(10, 300),
      };
    });

    const openFlag = permanentlyClosed ? 6 : ([1, 1, 2, 3, 4, 5, 1, 1, 4, 1] as const)[i % 10]!;
    const seasonalSnow = countryId === 276 ? 1.6 : 1;
    const recentCm = Array.from({ length: 7 }, () => (rnd() < 0.45 ? 0 : round(rnd() * 25 * seasonalSnow)));
    const baseCm = int(30, 120);
    const report: DatasetResort['report'] = outOfSeason
      ? null
      : ({
          openFlag,
          updatedMinutesAgo: i === 6 ? 60 * 24 * 4 : int(20, 60 * 14),
          depthCm: {
            base: permanentlyClosed ? 0 : baseCm,
            summit: permanentlyClosed ? 0 : baseCm + int(20, 180),
            ...(i % 5 === 3 ? { middle: baseCm + int(10, 60) } : {}),
          },
          surfaceTop: ((2 * i) % 18) + 1,
          surfaceBottom: ((2 * i + 1) % 18) + 1,
          ...(i % 3 === 0 ? { offSlopeTop: ((i + 7) % 18) + 1, offSlopeBottom: ((i + 8) % 18) + 1 } : {}),
          recentCm,
          comment: i % 3 === 1 ? null : COMMENTS[i % COMMENTS.length]!,
          canReturnBySki: rnd() < 0.6,
          ...(i % 2 === 0
            ? {
                reportedWeather: {
                  tempTop: round(forecast[0]!.tempTop + rnd() * 2 - 1, 1),
                  tempBottom: round(forecast[0]!.tempBottom + rnd() * 2 - 1, 1),
                  snowfallCm: recentCm[6]!,
                  symbol: forecast[0]!.symbol,
                },
              }
            : {}),
          ...(i === 7 || i === 19
            ? { gaps: ['acresOpen', 'lowerDepth', 'upperDepth', 'liftsOpen', 'perLiftsOpen'] as const }
            : {}),
        } as DatasetResort['report']);

    const overviewTemplate = i % 4 === 3 ? undefined : OVERVIEWS[i % OVERVIEWS.length]!;
    const overview: Record<string, string> = {};
    for (const [language, html] of Object.entries(overviewTemplate ?? {})) {
      overview[language] = html!
        .replaceAll('{name}', name)
        .replaceAll('{city}', city)
        .replaceAll('{citySlug}', slug(city));
    }

    const webcamCount = i % 3 === 1 ? 0 : int(1, 4);
    const webcams: DatasetWebcam[] = Array.from({ length: webcamCount }, (_, j) => {
      const camId = id * 10 + j + 1;
      const image = (size: string) => `https://cams.${domain}/${camId}/${size}.jpg`;
      return {
        id: camId,
        name: ['Summit', 'Base Area', 'Snow Park', 'Valley Station'][j]!,
        orderNr: j + 1,
        online: !(i % 5 === 0 && j === 1),
        updatedMinutesAgo: int(1, 90),
        image: { thumb: image('thumb'), mid: image('mid'), large: image('large') },
        credit: { text: `© ${name}`, url: `https://${domain}/` },
      };
    });

    resorts.push({
      id,
      name,
      shortName: name.split(' ')[0]!,
      countryId,
      stateId: state.id,
      utcOffsetHours: UTC_OFFSETS[state.id] ?? UTC_OFFSETS[countryId] ?? 0,
      regionIds: local.length > 0 && i % 2 === 0 ? [local[(i / 2) % local.length]!.id] : [],
      location: {
        street: `${int(1, 400)} ${pick(['Mountain Road', 'Route du Col', 'Talstraße', 'Via delle Alpi', 'Lift Street'])}`,
        zip: String(int(10000, 99999)),
        city,
        latitude: round((state.latitude ?? 46) + (rnd() - 0.5), 4),
        longitude: round((state.longitude ?? 8) + (rnd() - 0.5), 4),
      },
      contact: {
        website: `https://${domain}/`,
        lodgingPhone: `${PHONES[countryId] ?? '+1'} ${int(100, 999)} ${int(1000, 9999)}`,
        phone800: countryId === 429 || countryId === 430 ? `+1 800 ${int(100, 999)} ${int(1000, 9999)}` : '',
        skierEmail: `info@${domain}`,
      },
      services: {
        hasSummer: rnd() < 0.6,
        hasNordic: hasNordic,
        hasSnowPark: hasParks,
        hasSkiing: true,
        indoorResort: false,
        glacierResort: i % 7 === 2,
      },
      elevationM: { top, base: baseM },
      areaHa: int(80, 1600),
      lifts,
      runs,
      parks: {
        parks: hasParks
          ? { total: int(1, 3), open: permanentlyClosed || outOfSeason ? 0 : 1 }
          : { total: 0, open: 0 },
        pipes: hasParks && i % 2 === 0 ? { total: 1, open: openFlag === 1 ? 1 : 0 } : { total: 0, open: 0 },
        tubes: i % 5 === 1 ? { total: int(2, 6), open: 1 } : { total: 0, open: 0 },
        jumps: hasParks ? int(3, 20) : 0,
        rails: hasParks ? int(2, 15) : 0,
      },
      nordic: hasNordic
        ? {
            totalKm: int(10, 80),
            skategroomedKm: int(5, 30),
            tracksetKm: int(5, 40),
            openKm: permanentlyClosed ? 0 : int(2, 10),
          }
        : null,
      season: {
        // early openers and late closers: the sample is in season from late October to early April
        opening: pick(['10-24', '10-31', '11-07', '11-14']),
        closing: pick(['04-05', '04-12', '04-19', '05-03']),
        daysOpenLastYear: permanentlyClosed ? 0 : int(90, 160),
      },
      report,
      forecast,
      overview,
      webcams,
    });
  }
  return resorts;
}
