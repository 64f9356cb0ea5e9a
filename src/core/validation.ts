// Form validation rules of docs/product.md#validation (login, invitation, point form, image file and URL, zone, feedback link).
// Pure: returns the French message of the first failing rule, or null. Messages live in VALIDATION_MESSAGES.
import { IMAGE_BUCKET, IMAGE_EXTENSIONS, IMAGE_FOLDER, IMAGE_MAX_BYTES, KM_MAX, KM_MIN, MIN_ZONE_VERTICES, PASSWORD_MIN_LENGTH } from './constants';
import { isValidFeedbackLink } from './admin/settingsValidation';
import { parseKmInput } from './format';
import { isEmailAddress, parseHttpUrl } from './addresses';

export const VALIDATION_MESSAGES = {
  emailRequired: 'Veuillez entrer votre adresse email.',
  emailInvalid: 'Veuillez entrer une adresse email valide.',
  passwordRequired: 'Veuillez entrer votre mot de passe.',
  passwordTooShort: 'Le mot de passe doit contenir au moins 6 caractères',
  passwordsDiffer: 'Les mots de passe ne correspondent pas',
  tokenMissing: "Token d'invitation manquant",
  ssoEmailRequired: 'Veuillez entrer votre adresse email professionnelle pour la connexion SSO',
  labelRequired: 'Le libellé est obligatoire.',
  descriptionRequired: 'La description est obligatoire.',
  kmInvalid: 'Le PK doit être un nombre entre 0 et 999,99 (2 décimales au plus).',
  imageNotImage: 'Le fichier doit être une image',
  imageTooLarge: "L'image doit faire moins de 5 Mo",
  imageFormat: "Format d'image non supporté. Utilisez JPG, PNG, GIF ou WEBP.",
  imageUrlInvalid: "L'URL de l'image est invalide. Veuillez réessayer ou supprimer l'image.",
  generatedUrlInvalid: 'URL générée invalide. Veuillez réessayer.',
  zoneNameRequired: 'Le nom de la zone est obligatoire',
  zoneTooFewVertices: `Une zone doit avoir au moins ${MIN_ZONE_VERTICES} sommets.`,
  feedbackUrlInvalid: "Le lien d'avis doit être une URL valide",
} as const;
const M = VALIDATION_MESSAGES;


// ---- login and invitation ---------------------------------------------------------------
export interface SigninErrors { email?: string; password?: string }
export function validateSignin(email: string, password: string): SigninErrors {
  const e: SigninErrors = {};
  if (!email.trim()) e.email = M.emailRequired;
  else if (!isEmailAddress(email)) e.email = M.emailInvalid;
  if (!password) e.password = M.passwordRequired;
  else if (password.length < PASSWORD_MIN_LENGTH) e.password = M.passwordTooShort;
  return e;
}

/** Invite sign-up: token first, then length, then match (docs/product.md#sign-in-rules). */
export function validateInviteSignup(token: string | null | undefined, password: string, confirm: string): string | null {
  if (!token) return M.tokenMissing;
  if (password.length < PASSWORD_MIN_LENGTH) return M.passwordTooShort;
  if (password !== confirm) return M.passwordsDiffer;
  return null;
}


/** The domain of a work email (the part after the @), or null. */
export function emailDomain(email: string): string | null {
  const t = email.trim();
  const at = t.lastIndexOf('@');
  const d = at >= 0 ? t.slice(at + 1).trim().toLowerCase() : '';
  return d || null;
}
export function validateSsoEmail(email: string): string | null {
  return emailDomain(email) ? null : M.ssoEmailRequired;
}

// ---- point form ---------------------------------------------------------------------------
/** Accepts what may be typed on the way to a valid PK: up to 3 digits, a separator, up to 2 decimals. */
const KM_PARTIAL = /^\d{0,3}(?:[.,]\d{0,2})?$/;

/** Whether an edit of the PK field (typing or paste) should be accepted (docs/product.md#point-rules: otherwise ignored). */
export function isAcceptableKmInput(text: string): boolean {
  if (!KM_PARTIAL.test(text)) return false;
  const n = Number(text.replace(',', '.'));
  return text === '' || text === '.' || text === ',' || (Number.isFinite(n) && n >= KM_MIN && n <= KM_MAX);
}

/** The PK field's value: null for empty, undefined for invalid, else the number (the one parser: format.parseKmInput). */
export function parseKm(text: string): number | null | undefined {
  if (text.trim() === '') return null;
  return parseKmInput(text) ?? undefined;
}

export interface PointFormErrors { name?: string; description?: string; kilometer?: string; imageUrl?: string }
export function validatePointForm(f: { name: string; description: string; kilometer: string; imageUrl: string | null }): PointFormErrors {
  const e: PointFormErrors = {};
  if (!f.name.trim()) e.name = M.labelRequired;
  if (!f.description.trim()) e.description = M.descriptionRequired;
  if (parseKm(f.kilometer) === undefined) e.kilometer = M.kmInvalid;
  if (!isValidImageUrl(f.imageUrl)) e.imageUrl = M.imageUrlInvalid;
  return e;
}
export const hasErrors = (e: object): boolean => Object.values(e).some(Boolean);

// ---- images -------------------------------------------------------------------------------------
const IMAGE_EXT_RE = new RegExp(`\\.(${IMAGE_EXTENSIONS.join('|')})$`, 'i');

/** Checks an image file (type, size, format) and gives the storage extension, or the French message. */
export function checkImageFile(file: { type: string; size: number; name: string }): { ok: true; ext: string } | { ok: false; error: string } {
  if (!file.type.startsWith('image/')) return { ok: false, error: M.imageNotImage };
  if (file.size > IMAGE_MAX_BYTES) return { ok: false, error: M.imageTooLarge };
  const fromName = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase();
  const fromType = file.type.slice('image/'.length).toLowerCase();
  const allowed = IMAGE_EXTENSIONS as readonly string[];
  if (!allowed.includes(fromType)) return { ok: false, error: M.imageFormat };
  if (fromName && !allowed.includes(fromName)) return { ok: false, error: M.imageFormat };
  return { ok: true, ext: fromName ?? (fromType === 'jpeg' ? 'jpg' : fromType) };
}

/**
 * docs/product.md#photos: valid if empty, or a public storage URL under poi_images/points, or a points/ path with an image
 * extension, or an http(s) URL ending in an image extension.
 */
export function isValidImageUrl(url: string | null | undefined): boolean {
  if (!url) return true;
  const u = url.trim();
  if (u === '') return true;
  if (u.startsWith(`${IMAGE_FOLDER}/`)) return IMAGE_EXT_RE.test(u) && !u.includes('..');
  // The same-origin form of a public storage URL (the demo seed stores its photos this way).
  if (u.startsWith(`/storage/v1/object/public/${IMAGE_BUCKET}/${IMAGE_FOLDER}/`)) return IMAGE_EXT_RE.test(u) && !u.includes('..');
  const parsed = parseHttpUrl(u);
  if (!parsed) return false;
  if (parsed.pathname.includes(`/storage/v1/object/public/${IMAGE_BUCKET}/${IMAGE_FOLDER}/`)) return true;
  return IMAGE_EXT_RE.test(parsed.pathname);
}

/** The storage path ('points/<file>') of a public image URL or path, or null when it is not in our bucket. */
export function storagePathOfImageUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  if (url.startsWith(`${IMAGE_FOLDER}/`)) return url;
  const marker = `/storage/v1/object/public/${IMAGE_BUCKET}/`;
  const i = url.indexOf(marker);
  if (i < 0) return null;
  const path = decodeURIComponent(url.slice(i + marker.length).split(/[?#]/)[0]);
  return path.startsWith(`${IMAGE_FOLDER}/`) && !path.includes('..') ? path : null;
}

// ---- zone and settings ------------------------------------------------------------------------------
export function validateZoneName(name: string): string | null {
  return name.trim() ? null : M.zoneNameRequired;
}
export function validateZoneVertices(count: number): string | null {
  return count >= MIN_ZONE_VERTICES ? null : M.zoneTooFewVertices;
}
export function validateFeedbackUrl(url: string): string | null {
  return isValidFeedbackLink(url) ? null : M.feedbackUrlInvalid;
}
