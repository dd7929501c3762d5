// Check-digit algorithms of the identifiers this detector reports. A checksum is what separates
// a real card or id number from an order number that merely has the right length.

/** Luhn (ISO/IEC 7812-1) over a string of ASCII digits. */
export function isLuhnValid(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/** ISO 13616 / ISO 7064 MOD 97-10: first four characters moved to the end, letters as 10..35. */
export function isIbanChecksumValid(iban: string): boolean {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (let i = 0; i < rearranged.length; i++) {
    const code = rearranged.charCodeAt(i);
    const value = code >= 65 ? code - 55 : code - 48;
    remainder = value >= 10 ? (remainder * 100 + value) % 97 : (remainder * 10 + value) % 97;
  }
  return remainder === 1;
}

const VERHOEFF_D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const VERHOEFF_P = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];

/** Verhoeff dihedral-group check, as UIDAI uses for the last digit of an Aadhaar number. */
export function isVerhoeffValid(digits: string): boolean {
  let check = 0;
  for (let i = 0; i < digits.length; i++) {
    const digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    check = VERHOEFF_D[check]![VERHOEFF_P[i % 8]![digit]!]!;
  }
  return check === 0;
}

const CN_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CN_CHECK = "10X98765432";

/** ISO 7064 MOD 11-2 check character of an 18-character resident identity number (GB 11643). */
export function isCnResidentIdValid(id: string): boolean {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += (id.charCodeAt(i) - 48) * CN_WEIGHTS[i]!;
  return CN_CHECK[sum % 11] === id[17]!.toUpperCase();
}

/** Control letter of a Spanish DNI (or NIE, once its X/Y/Z prefix is mapped to 0/1/2). */
export const spanishIdLetter = (number: number): string => "TRWAGMYFPDXBNJZSQVHLCKE"[number % 23]!;

/** French NIR key: 97 minus the first 13 digits mod 97, Corsica's 2A/2B read as 19/18. */
export function isFrenchNirValid(body: string, key: string): boolean {
  const numeric = body.replace(/2A/i, "19").replace(/2B/i, "18");
  if (!/^\d{13}$/.test(numeric)) return false;
  return 97 - (Number(numeric) % 97) === Number(key);
}

// Values of characters in odd positions (1-based) of a codice fiscale, for 0-9 then A-Z.
const CF_ODD = [
  1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22,
  25, 24, 23,
];

const alphanumericIndex = (code: number): number => (code <= 57 ? code - 48 : code - 55);

/** Italian codice fiscale control character (DM 23/12/1976): odd/even tables summed mod 26. */
export function isItalianFiscalCodeValid(code: string): boolean {
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    const index = alphanumericIndex(code.charCodeAt(i));
    sum += i % 2 === 0 ? CF_ODD[index]! : index >= 10 ? index - 10 : index;
  }
  return String.fromCharCode(65 + (sum % 26)) === code[15];
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** A calendar date that can exist (29 February only in leap years). */
export function isValidDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1 || day > DAYS_IN_MONTH[month - 1]!) return false;
  if (month === 2 && day === 29) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return true;
}

/** Brazil's CPF: two MOD 11 check digits over the nine before them (weights 10..2, then 11..2). */
export function isCpfValid(digits: string): boolean {
  if (digits.length !== 11 || /^(\d)\1{10}$/.test(digits)) return false;
  const check = (length: number): number => {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += (digits.charCodeAt(i) - 48) * (length + 1 - i);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return check(9) === digits.charCodeAt(9) - 48 && check(10) === digits.charCodeAt(10) - 48;
}

/** ABA routing transit number: 3-7-1 weighted digit sum divisible by 10. */
export function isAbaRoutingValid(digits: string): boolean {
  if (digits.length !== 9 || /^0+$/.test(digits)) return false;
  const d = (i: number) => digits.charCodeAt(i) - 48;
  return (3 * (d(0) + d(3) + d(6)) + 7 * (d(1) + d(4) + d(7)) + d(2) + d(5) + d(8)) % 10 === 0;
}

/** NHS number (England, Wales, Isle of Man): MOD 11 over nine digits, weights 10..2; 10 is never issued. */
export function isNhsNumberValid(digits: string): boolean {
  if (digits.length !== 10 || /^(\d)\1{9}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += (digits.charCodeAt(i) - 48) * (10 - i);
  const check = 11 - (sum % 11);
  return check !== 10 && (check === 11 ? 0 : check) === digits.charCodeAt(9) - 48;
}

/**
 * German Steuer-ID (§ 139b AO): eleven digits, the first not 0; among the first ten exactly one
 * digit occurs twice or three times; the last is an ISO 7064 MOD 11,10 check digit.
 */
export function isSteuerIdValid(digits: string): boolean {
  if (digits.length !== 11 || digits[0] === "0") return false;
  const counts = new Array<number>(10).fill(0);
  for (let i = 0; i < 10; i++) counts[digits.charCodeAt(i) - 48]!++;
  if (counts.filter((c) => c >= 2).length !== 1 || counts.some((c) => c > 3)) return false;
  let product = 10;
  for (let i = 0; i < 10; i++) {
    let sum = (digits.charCodeAt(i) - 48 + product) % 10;
    if (sum === 0) sum = 10;
    product = (sum * 2) % 11;
  }
  const check = 11 - product;
  return (check === 10 ? 0 : check) === digits.charCodeAt(10) - 48;
}

/** Dutch BSN: the "elfproef", nine digits weighted 9..2 and -1, sum divisible by 11. */
export function isBsnValid(digits: string): boolean {
  if (digits.length !== 9 || /^(\d)\1{8}$/.test(digits)) return false;
  let sum = -(digits.charCodeAt(8) - 48);
  for (let i = 0; i < 8; i++) sum += (digits.charCodeAt(i) - 48) * (9 - i);
  return sum % 11 === 0;
}

/** Polish PESEL: weights 1,3,7,9 repeated over ten digits; the eleventh makes the sum a multiple of 10. */
export function isPeselValid(digits: string): boolean {
  if (digits.length !== 11) return false;
  const weights = [1, 3, 7, 9, 1, 3, 7, 9, 1, 3];
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += (digits.charCodeAt(i) - 48) * weights[i]!;
  return (10 - (sum % 10)) % 10 === digits.charCodeAt(10) - 48;
}

/** The birth date a PESEL encodes: the month carries the century (+80 1800s, +20 2000s, +40, +60). */
export function isPeselDate(digits: string): boolean {
  const year = Number(digits.slice(0, 2));
  const month = Number(digits.slice(2, 4));
  const day = Number(digits.slice(4, 6));
  const century = [1900, 2000, 2100, 2200, 1800][Math.floor(month / 20)]!;
  return isValidDate(century + year, month % 20, day);
}

/** Japan's My Number (individual number): MOD 11 check digit, weights 2..7 then 2..6 from the right. */
export function isMyNumberValid(digits: string): boolean {
  if (digits.length !== 12) return false;
  let sum = 0;
  for (let n = 1; n <= 11; n++) sum += (digits.charCodeAt(11 - n) - 48) * (n <= 6 ? n + 1 : n - 5);
  const remainder = sum % 11;
  return (remainder <= 1 ? 0 : 11 - remainder) === digits.charCodeAt(11) - 48;
}

/** Korean resident registration number: weights 2..9, 2..5 over twelve digits, (11 - sum mod 11) mod 10. */
export function isKoreanRrnValid(digits: string): boolean {
  if (digits.length !== 13) return false;
  const weights = [2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5];
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += (digits.charCodeAt(i) - 48) * weights[i]!;
  return (11 - (sum % 11)) % 10 === digits.charCodeAt(12) - 48;
}

/** Australian tax file number: nine digits weighted 1,4,3,7,5,8,6,9,10, sum divisible by 11. */
export function isTfnValid(digits: string): boolean {
  if (digits.length !== 9) return false;
  const weights = [1, 4, 3, 7, 5, 8, 6, 9, 10];
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += (digits.charCodeAt(i) - 48) * weights[i]!;
  return sum % 11 === 0;
}

/** Australian Medicare card: first digit 2-6, digits 1-8 weighted 1,3,7,9,1,3,7,9, sum mod 10 is the ninth. */
export function isAuMedicareValid(digits: string): boolean {
  if (digits.length < 10 || digits.charCodeAt(0) < 50 || digits.charCodeAt(0) > 54) return false;
  const weights = [1, 3, 7, 9, 1, 3, 7, 9];
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += (digits.charCodeAt(i) - 48) * weights[i]!;
  return sum % 10 === digits.charCodeAt(8) - 48;
}

/** Swiss AHV/AVS number: `756` and ten digits, the last an EAN-13 check digit. */
export function isAhvValid(digits: string): boolean {
  if (digits.length !== 13 || !digits.startsWith("756")) return false;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += (digits.charCodeAt(i) - 48) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10 === digits.charCodeAt(12) - 48;
}

/** Singapore NRIC/FIN: weights 2,7,6,5,4,3,2, offset 4 for T and G, letter table per series. */
export function isNricValid(id: string): boolean {
  if (!/^[STFG]\d{7}[A-Z]$/.test(id)) return false;
  const weights = [2, 7, 6, 5, 4, 3, 2];
  let sum = id[0] === "T" || id[0] === "G" ? 4 : 0;
  for (let i = 0; i < 7; i++) sum += (id.charCodeAt(i + 1) - 48) * weights[i]!;
  const letters = id[0] === "S" || id[0] === "T" ? "JZIHGFEDCBA" : "XWUTRQPNMLK";
  return letters[sum % 11] === id[8];
}

const CURP_CHARS = "0123456789ABCDEFGHIJKLMNÑOPQRSTUVWXYZ";

/** Mexican CURP: the 18th character checks the first 17, weighted 18 down to 2, mod 10. */
export function isCurpValid(curp: string): boolean {
  if (curp.length !== 18) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += CURP_CHARS.indexOf(curp[i]!) * (18 - i);
  return (10 - (sum % 10)) % 10 === curp.charCodeAt(17) - 48;
}

/** Chilean RUT: digits weighted 2..7 from the right, 11 - sum mod 11; 10 is K, 11 is 0. */
export function isRutValid(body: string, check: string): boolean {
  let sum = 0;
  for (let i = body.length - 1, w = 2; i >= 0; i--, w = w === 7 ? 2 : w + 1) sum += (body.charCodeAt(i) - 48) * w;
  const value = 11 - (sum % 11);
  return (value === 11 ? "0" : value === 10 ? "K" : String(value)) === check.toUpperCase();
}
