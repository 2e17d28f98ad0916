// Afrikaans in the chat: the common words for the products, sizes, prices, rooms and greetings are
// read as their English meaning, so the built-in consultant understands 'Hoeveel kos 'n rolgordyn
// van 1m by 1m?'. It answers in English and says so (the issue's accepted behaviour); Claude answers
// in the customer's language itself.

/** [Afrikaans pattern, English meaning]; longest phrases first so 'hoeveel kos' wins over 'kos'. */
const AFRIKAANS: [RegExp, string][] = [
  [/\bgoeie\s+(m[oô]re|more)\b/g, 'good morning'],
  [/\bgoeie\s+middag\b/g, 'good afternoon'],
  [/\bgoeie\s+(na|aa)nd\b/g, 'good evening'],
  [/\b(baie\s+)?dankie\b/g, 'thanks'],
  [/\b(hoeveel|wat)\s+kos\b/g, 'how much is'],
  [/\bwat\s+is\s+die\s+prys\b/g, 'what is the price'],
  [/\bhet\s+julle\b/g, 'do you have'],
  [/\bverkoop\s+julle\b/g, 'do you sell'],
  [/\bpryse?\b/g, 'price'],
  [/\bkwotasie\b/g, 'quote'],
  [/\bhoutblind(ings|ers|e)?\b/g, 'wooden venetian blinds'],
  [/\brolgordyn(e|s)?\b/g, 'roller blind'],
  [/\brolblind(ings|ers|e)?\b/g, 'roller blind'],
  [/\bverduistering\w*\b/g, 'blockout'],
  [/\b(luike|hortjies|luik|hortjie|vensterluike)\b/g, 'shutters'],
  [/\bsonskerms?\b|\bafdakke?\b/g, 'awning'],
  [/\bvertikale\b/g, 'vertical'],
  [/\bblind(ings|ers|e)\b/g, 'blinds'],
  [/\bgordyne?\b/g, 'blinds'],
  [/\bskuifdeur(e)?\b/g, 'sliding door'],
  [/\bvensters?\b/g, 'window'],
  [/\bslaapkamer(s)?\b/g, 'bedroom'],
  [/\bbadkamer(s)?\b/g, 'bathroom'],
  [/\bkombuis\b/g, 'kitchen'],
  [/\bsitkamer\b/g, 'lounge'],
  [/\bdonker\b/g, 'dark'],
  [/\bprivaatheid\b/g, 'privacy'],
  [/\bkleure?\b/g, 'colours'],
  [/\bgrys\b/g, 'grey'],
  [/\bwit\b/g, 'white'],
  [/\bswart\b/g, 'black'],
  [/\bbreed\b|\bbreedte\b/g, 'wide'],
  [/\bhoogte\b|\bhoog\b/g, 'high'],
  [/\bmeet\b|\bopmeet\b/g, 'measure'],
  [/\baflewering\b|\blewer\b/g, 'delivery'],
  [/\bbetaal\b/g, 'pay'],
  [/\bbestelling\b/g, 'my order'],
  [/\bbeskadig\w*\b|\bstukkend\b/g, 'damaged'],
  [/\bklagte\b/g, 'complaint'],
  [/\b(hoe\s+lank)\b/g, 'how long'],
  [/\b'n\b/g, 'a'],
  [/\basseblief\b/g, 'please'],
  [/\ben\b/g, 'and'],
  [/\bvan\b/g, 'of'],
  [/\bvir\b/g, 'for'],
  [/\bmy\s+naam\s+is\b/g, 'my name is'],
  [/\bmy\s+nommer\s+is\b/g, 'my number is'],
];

/** Words only Afrikaans uses (never English): one of them marks the message as Afrikaans. */
const AFRIKAANS_ONLY =
  /\b(goeie|dankie|hoeveel|kos|rolgordyn\w*|houtblind\w*|rolblind\w*|blindings|blinders|luike|hortjies|vensters?|slaapkamer|badkamer|kombuis|sitkamer|asseblief|breed|hoog|hoogte|kleure?|grys|swart|aflewering|betaal|bestelling|stukkend|beskadig\w*|klagte|'n|vir|skuifdeur\w*|sonskerms?|gordyne?|nommer|naam|ek|jy|julle|het|nie|wat|hoe)\b/g;

export interface ReadMessage {
  /** The message in lower case with Afrikaans words read as English. */
  text: string;
  afrikaans: boolean;
}

/** Lower case, straight quotes, and Afrikaans read as English; `afrikaans` when two or more Afrikaans-only words appear. */
export function readMessage(message: string): ReadMessage {
  let text = message
    .toLowerCase()
    .replace(/\u00a0/g, ' ')
    .replace(/[’‘`]/g, "'");
  const hits = new Set(text.match(AFRIKAANS_ONLY) ?? []);
  // 'wat' and 'hoe' alone are too short to decide on; with another word they settle it.
  const afrikaans = hits.size >= 2 || [...hits].some((w) => w.length >= 5 && !['kleur', 'breed'].includes(w));
  if (afrikaans || hits.size > 0) for (const [re, en] of AFRIKAANS) text = text.replace(re, en);
  return { text, afrikaans };
}

export const AFRIKAANS_NOTE = "(Ek verstaan Afrikaans, but I'll answer in English.)";
