// The sample business moved abroad for the language tests: its address, its services, its
// towns, its editorial text and its reviews written in the local language, so that a page
// shows no English at all unless the interface put it there. Review texts are a few
// sentences by star rating; ids, dates, ratings, authors and technicians stay the sample's.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SAMPLE_CONTENT, tempDir } from '../paths.ts';

interface Local {
  language: string;
  name: string;
  address: { street_address: string; locality: string; region: string; postal_code: string; country: string };
  description: string;
  /** In the order of the sample's 13 services. */
  services: string[];
  /** In the order of the sample's 8 technicians. */
  roles: string[];
  /** In the order of the sample's 10 service areas. */
  areas: string[];
  /** By star rating, 1 to 5. */
  texts: [string, string, string, string, string];
  response: string;
  headline: string;
  summary: string;
  faq: [string, string];
}

export const LOCAL: Record<'de' | 'fr' | 'es' | 'it' | 'nl' | 'ar', Local> = {
  de: {
    language: 'de',
    name: 'Brightwater Haustechnik GmbH',
    address: { street_address: 'Landsberger Straße 110', locality: 'München', region: 'BY', postal_code: '80339', country: 'DE' },
    description: 'Familienbetrieb für Heizung, Sanitär und Elektro in München und Umgebung, seit 2009, mit Notdienst rund um die Uhr.',
    services: [
      'Klimaanlage reparieren',
      'Klimaanlage einbauen',
      'Heizung reparieren',
      'Heizung einbauen',
      'Warmwasserbereiter',
      'Rohrreinigung',
      'Leckortung',
      'Zählerschrank erneuern',
      'Elektroreparatur',
      'Wallbox einbauen',
      'Thermostat einbauen',
      'Lüftungsreinigung',
      'Wartungsvertrag',
    ],
    roles: [
      'Heizungsmonteur',
      'Elektromeister',
      'Meister Heizung',
      'Installateurmeisterin',
      'Anlagenmechaniker',
      'Elektrikerin',
      'Installateur',
      'Kundendienst',
    ],
    areas: ['München', 'Dachau', 'Freising', 'Erding', 'Starnberg', 'Fürstenfeldbruck', 'Ebersberg', 'Garching', 'Unterschleißheim', 'Grünwald'],
    texts: [
      'Termin zweimal verschoben, niemand hat zurückgerufen.',
      'Die Arbeit war in Ordnung, die Rechnung deutlich höher als besprochen.',
      'Ganz okay, aber der Monteur kam zwei Stunden zu spät.',
      'Gute Arbeit, nur die Terminabsprache war etwas holprig.',
      'Pünktlich, sauber und freundlich. Die Heizung läuft wieder, vielen Dank!',
    ],
    response: 'Vielen Dank für Ihre Rückmeldung. Wir melden uns bei Ihnen.',
    headline: 'Schnell, ehrlich und sauber, mit gelegentlichen Terminproblemen',
    summary: 'Die meisten Kunden loben pünktliche Monteure und klare Preise.\n\nKritik gibt es vor allem an verschobenen Terminen in der Heizsaison.',
    faq: ['Haben Sie einen Notdienst?', 'Ja, rund um die Uhr, auch am Wochenende.'],
  },
  fr: {
    language: 'fr',
    name: 'Brightwater Chauffage et Plomberie',
    address: { street_address: '12 rue Garibaldi', locality: 'Lyon', region: 'ARA', postal_code: '69006', country: 'FR' },
    description: 'Entreprise familiale de chauffage, plomberie et électricité à Lyon depuis 2009, dépannage 24 h/24.',
    services: [
      'Dépannage climatisation',
      'Pose de climatisation',
      'Dépannage chaudière',
      'Pose de chaudière',
      'Chauffe-eau',
      'Débouchage',
      'Recherche de fuite',
      'Mise aux normes du tableau électrique',
      'Dépannage électrique',
      'Borne de recharge',
      'Pose de thermostat',
      'Nettoyage de VMC',
      'Contrat d’entretien',
    ],
    roles: ['Chauffagiste', 'Électricien', 'Chef chauffagiste', 'Plombière', 'Installateur', 'Électricienne', 'Plombier', 'Technicienne SAV'],
    areas: ['Lyon', 'Villeurbanne', 'Vénissieux', 'Caluire-et-Cuire', 'Bron', 'Vaulx-en-Velin', 'Écully', 'Oullins', 'Tassin', 'Saint-Priest'],
    texts: [
      'Rendez-vous reporté deux fois, personne ne m’a rappelé.',
      'Travail correct, mais la facture était bien plus élevée que prévu.',
      'Correct, mais le technicien avait deux heures de retard.',
      'Bon travail, seule la prise de rendez-vous a été un peu compliquée.',
      'Ponctuel, soigneux et aimable. Le chauffage remarche, merci beaucoup !',
    ],
    response: 'Merci pour votre retour. Nous vous recontactons rapidement.',
    headline: 'Rapide, honnête et soigné, malgré quelques retards',
    summary: 'La plupart des clients saluent la ponctualité et la clarté des prix.\n\nLes critiques portent sur des rendez-vous décalés en hiver.',
    faq: ['Intervenez-vous en urgence ?', 'Oui, 24 h/24, week-end compris.'],
  },
  es: {
    language: 'es',
    name: 'Brightwater Instalaciones',
    address: { street_address: 'Calle Sierpes 48', locality: 'Sevilla', region: 'SE', postal_code: '41004', country: 'ES' },
    description: 'Empresa familiar de climatización, fontanería y electricidad en Sevilla desde 2009, con urgencias las 24 horas.',
    services: [
      'Reparación de aire acondicionado',
      'Instalación de aire acondicionado',
      'Reparación de caldera',
      'Instalación de caldera',
      'Termo eléctrico',
      'Desatascos',
      'Detección de fugas',
      'Cuadro eléctrico',
      'Reparaciones eléctricas',
      'Punto de recarga',
      'Instalación de termostato',
      'Limpieza de conductos',
      'Plan de mantenimiento',
    ],
    roles: [
      'Técnico de climatización',
      'Electricista autorizado',
      'Jefe de climatización',
      'Fontanera',
      'Instalador',
      'Electricista',
      'Fontanero',
      'Técnica de servicio',
    ],
    areas: ['Sevilla', 'Dos Hermanas', 'Alcalá de Guadaíra', 'Mairena del Aljarafe', 'Tomares', 'Camas', 'Bormujos', 'La Rinconada', 'Utrera', 'Coria del Río'],
    texts: [
      'Me cambiaron la cita dos veces y nadie me llamó.',
      'El trabajo bien, pero la factura fue mucho más alta de lo acordado.',
      'Correcto, aunque el técnico llegó con dos horas de retraso.',
      'Buen trabajo, solo la cita fue un poco complicada.',
      'Puntuales, limpios y muy amables. ¡La calefacción vuelve a funcionar, gracias!',
    ],
    response: 'Gracias por su opinión. Nos pondremos en contacto con usted.',
    headline: 'Rápidos, honrados y limpios, con algún retraso ocasional',
    summary: 'La mayoría de los clientes destaca la puntualidad y los precios claros.\n\nLas quejas se refieren sobre todo a citas cambiadas en verano.',
    faq: ['¿Tienen servicio de urgencias?', 'Sí, las 24 horas, también los fines de semana.'],
  },
  it: {
    language: 'it',
    name: 'Brightwater Impianti',
    address: { street_address: 'Via Nizza 150', locality: 'Torino', region: 'TO', postal_code: '10126', country: 'IT' },
    description: 'Impresa di famiglia per riscaldamento, idraulica ed elettricità a Torino dal 2009, pronto intervento 24 ore su 24.',
    services: [
      'Riparazione condizionatori',
      'Installazione condizionatori',
      'Riparazione caldaie',
      'Installazione caldaie',
      'Scaldabagno',
      'Spurgo scarichi',
      'Ricerca perdite',
      'Quadro elettrico',
      'Riparazioni elettriche',
      'Wallbox',
      'Installazione termostato',
      'Pulizia canali',
      'Contratto di manutenzione',
    ],
    roles: ['Tecnico caldaie', 'Elettricista abilitato', 'Capo tecnico', 'Idraulica', 'Installatore', 'Elettricista', 'Idraulico', 'Assistenza clienti'],
    areas: ['Torino', 'Moncalieri', 'Collegno', 'Rivoli', 'Nichelino', 'Settimo Torinese', 'Grugliasco', 'Chieri', 'Venaria Reale', 'Orbassano'],
    texts: [
      'Appuntamento spostato due volte, nessuno mi ha richiamato.',
      'Lavoro discreto, ma il conto era molto più alto del preventivo.',
      'Nel complesso bene, ma il tecnico è arrivato con due ore di ritardo.',
      'Buon lavoro, solo l’appuntamento è stato un po’ complicato.',
      'Puntuali, puliti e gentili. Il riscaldamento funziona di nuovo, grazie!',
    ],
    response: 'Grazie per il suo riscontro. La ricontatteremo al più presto.',
    headline: 'Rapidi, onesti e precisi, con qualche ritardo',
    summary: 'La maggior parte dei clienti apprezza la puntualità e i prezzi chiari.\n\nLe critiche riguardano soprattutto appuntamenti spostati in inverno.',
    faq: ['Fate interventi urgenti?', 'Sì, 24 ore su 24, anche nel fine settimana.'],
  },
  nl: {
    language: 'nl',
    name: 'Brightwater Installatietechniek',
    address: { street_address: 'Oudegracht 200', locality: 'Utrecht', region: 'UT', postal_code: '3511 NR', country: 'NL' },
    description: 'Familiebedrijf voor verwarming, loodgieterswerk en elektra in Utrecht sinds 2009, met 24-uursstoringsdienst.',
    services: [
      'Airco repareren',
      'Airco plaatsen',
      'Cv-ketel repareren',
      'Cv-ketel plaatsen',
      'Boiler',
      'Ontstoppen',
      'Lekdetectie',
      'Groepenkast vervangen',
      'Elektrische reparaties',
      'Laadpaal plaatsen',
      'Thermostaat plaatsen',
      'Ventilatie reinigen',
      'Onderhoudscontract',
    ],
    roles: ['Cv-monteur', 'Erkend elektricien', 'Hoofdmonteur', 'Loodgieter', 'Installateur', 'Elektricien', 'Loodgieter', 'Servicemonteur'],
    areas: ['Utrecht', 'Nieuwegein', 'Zeist', 'Houten', 'Maarssen', 'IJsselstein', 'De Bilt', 'Bunnik', 'Vleuten', 'Woerden'],
    texts: [
      'Afspraak twee keer verzet, niemand belde terug.',
      'Het werk was prima, de rekening veel hoger dan afgesproken.',
      'Redelijk, maar de monteur was twee uur te laat.',
      'Goed werk, alleen het plannen verliep wat stroef.',
      'Op tijd, netjes en vriendelijk. De verwarming doet het weer, dank u wel!',
    ],
    response: 'Bedankt voor uw reactie. Wij nemen contact met u op.',
    headline: 'Snel, eerlijk en netjes, met af en toe een planningsprobleem',
    summary: 'De meeste klanten prijzen de stipte monteurs en duidelijke prijzen.\n\nKritiek gaat vooral over verzette afspraken in de winter.',
    faq: ['Heeft u een storingsdienst?', 'Ja, dag en nacht, ook in het weekend.'],
  },
  ar: {
    language: 'ar',
    name: 'برايتووتر للخدمات المنزلية',
    address: { street_address: '15 شارع التحرير', locality: 'القاهرة', region: 'C', postal_code: '11511', country: 'EG' },
    description: 'شركة عائلية للتدفئة والسباكة والكهرباء في القاهرة منذ 2009، مع خدمة طوارئ على مدار الساعة.',
    services: [
      'إصلاح المكيفات',
      'تركيب المكيفات',
      'إصلاح الغلايات',
      'تركيب الغلايات',
      'سخان المياه',
      'تسليك المجاري',
      'كشف التسربات',
      'لوحة الكهرباء',
      'إصلاحات كهربائية',
      'شاحن السيارات',
      'تركيب الترموستات',
      'تنظيف مجاري الهواء',
      'عقد الصيانة',
    ],
    roles: ['فني تكييف', 'كهربائي معتمد', 'رئيس الفنيين', 'سباكة', 'فني تركيب', 'كهربائية', 'سباك', 'خدمة العملاء'],
    areas: ['القاهرة', 'الجيزة', 'مدينة نصر', 'المعادي', 'مصر الجديدة', 'الزمالك', 'الدقي', 'شبرا', 'حلوان', 'التجمع الخامس'],
    texts: [
      'تم تأجيل الموعد مرتين ولم يتصل بي أحد.',
      'العمل مقبول لكن الفاتورة كانت أعلى بكثير من المتفق عليه.',
      'لا بأس، لكن الفني تأخر ساعتين.',
      'عمل جيد، فقط تحديد الموعد كان صعبًا بعض الشيء.',
      'في الموعد ونظيف ولطيف. التدفئة تعمل من جديد، شكرًا جزيلًا!',
    ],
    response: 'شكرًا على رأيك. سنتواصل معك قريبًا.',
    headline: 'سريع وأمين ونظيف، مع بعض التأخير أحيانًا',
    summary: 'يمدح معظم العملاء دقة المواعيد ووضوح الأسعار.\n\nتتعلق الشكاوى غالبًا بتأجيل المواعيد في الصيف.',
    faq: ['هل لديكم خدمة طوارئ؟', 'نعم، على مدار الساعة، وفي عطلة نهاية الأسبوع أيضًا.'],
  },
};

export type LocalLanguage = keyof typeof LOCAL;

/** English reviews by star rating, for the reviews Google translated. */
const ENGLISH_TEXTS = [
  'Rescheduled twice, nobody called back.',
  'The work was fine, the bill much higher than agreed.',
  'Okay, but they came two hours late.',
  'Good work, only the booking was a bit bumpy.',
  'Punctual, clean and friendly. The heating works again, thank you!',
];

/**
 * The ids of the two newest reviews with text, which Google translated: the first from the local language into
 * English, the second from English into the local language.
 */
export const TRANSLATED: string[] = [];

/** A content folder: the sample business, written in `language` from its address to its reviews. */
export function localizedContent(language: LocalLanguage): string {
  const l = LOCAL[language];
  const dir = join(tempDir(`content-${language}`), 'content');
  cpSync(SAMPLE_CONTENT, dir, { recursive: true });
  const read = (f: string) => JSON.parse(readFileSync(join(dir, f), 'utf8'));
  const business = read('business.json');
  const area = new Map<string, string>(business.service_areas.map((a: string, i: number) => [a, l.areas[i]]));
  writeFileSync(
    join(dir, 'business.json'),
    JSON.stringify({
      ...business,
      name: l.name,
      language: l.language,
      address: l.address,
      description: l.description,
      opening_hours: business.opening_hours,
      service_areas: l.areas,
      services: business.services.map((s: { id: string }, i: number) => ({ id: s.id, name: l.services[i], synonyms: [] })),
      technicians: business.technicians.map((t: { name: string }, i: number) => ({ name: t.name, role: l.roles[i] })),
      // the logo's alt text names the business, in its own words
      ...(business.brand?.logo ? { brand: { ...business.brand, logo: { ...business.brand.logo, alt: l.name } } } : {}),
    }),
  );
  const reviews = read('reviews.json').map((r: Record<string, unknown> & { rating: number; text: string; response?: { date: string } }) => {
    const { title: _title, translation: _translation, ...rest } = r;
    return {
      ...rest,
      text: r.text ? l.texts[r.rating - 1] : '',
      ...(r.service_area ? { service_area: area.get(r.service_area as string) } : {}),
      ...(r.response ? { response: { date: r.response.date, text: l.response } } : {}),
    };
  });
  const newest = [...reviews]
    .filter((r: { text: string }) => r.text)
    .sort((a: { date: string; id: string }, b: { date: string; id: string }) => (a.date === b.date ? (a.id < b.id ? 1 : -1) : a.date < b.date ? 1 : -1))
    .slice(0, 2);
  const [local, english] = newest as [
    { id: string; rating: number; text: string; translation?: object },
    { id: string; rating: number; text: string; translation?: object },
  ];
  local.translation = { language: 'en', text: ENGLISH_TEXTS[local.rating - 1], by: 'Google' };
  english.text = ENGLISH_TEXTS[english.rating - 1] as string;
  english.translation = { language: l.language, text: l.texts[english.rating - 1], by: 'Google' };
  TRANSLATED.splice(0, TRANSLATED.length, local.id, english.id);
  writeFileSync(join(dir, 'reviews.json'), JSON.stringify(reviews));
  writeFileSync(
    join(dir, 'editorial.json'),
    JSON.stringify({ summary: { headline: l.headline, text: l.summary }, faq: [{ question: l.faq[0], answer: l.faq[1] }] }),
  );
  return dir;
}
