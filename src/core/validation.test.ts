import { describe, expect, it } from 'vitest';
import {
  VALIDATION_MESSAGES as M, checkImageFile, emailDomain, isAcceptableKmInput, isValidImageUrl, parseKm,
  storagePathOfImageUrl, validateFeedbackUrl, validateInviteSignup, validatePointForm,
  validateSignin, validateSsoEmail, validateZoneName,
} from './validation';

describe('validateSignin', () => {
  it('requires email and password', () => {
    expect(validateSignin('', '')).toEqual({ email: M.emailRequired, password: M.passwordRequired });
  });
  it('refuses passwords under 6 characters', () => {
    expect(validateSignin('a@b.fr', '12345').password).toBe('Le mot de passe doit contenir au moins 6 caractères');
    expect(validateSignin('a@b.fr', '123456')).toEqual({});
  });
  it('refuses a malformed email', () => {
    expect(validateSignin('pas-un-email', '123456').email).toBe(M.emailInvalid);
  });
});

describe('validateInviteSignup', () => {
  it('needs the token first', () => {
    expect(validateInviteSignup(null, 'abcdef', 'abcdef')).toBe("Token d'invitation manquant");
  });
  it('checks length then match', () => {
    expect(validateInviteSignup('t', 'abc', 'abd')).toBe('Le mot de passe doit contenir au moins 6 caractères');
    expect(validateInviteSignup('t', 'abcdef', 'abcdeg')).toBe('Les mots de passe ne correspondent pas');
    expect(validateInviteSignup('t', 'abcdef', 'abcdef')).toBeNull();
  });
});

describe('invitation and SSO emails', () => {
  it('takes the domain after the @', () => {
    expect(emailDomain(' Jean.Dupont@Exploitant.FR ')).toBe('exploitant.fr');
    expect(validateSsoEmail('')).toBe('Veuillez entrer votre adresse email professionnelle pour la connexion SSO');
    expect(validateSsoEmail('jean@')).not.toBeNull();
  });
});

describe('PK input', () => {
  it('accepts partial typing up to 3 integer digits and 2 decimals', () => {
    for (const ok of ['', '1', '12', '123', '123.', '123.4', '123.45', '0,5', '999.99']) expect(isAcceptableKmInput(ok), ok).toBe(true);
  });
  it('ignores values that do not match (pasted text, 4 digits, 3 decimals, negative)', () => {
    for (const bad of ['1000', '12.345', '-1', 'abc', '12a', '1e3', ' 12', '12..3']) expect(isAcceptableKmInput(bad), bad).toBe(false);
  });
  it('parses to a number with 2 decimals, null when empty, undefined when invalid', () => {
    expect(parseKm('12,5')).toBe(12.5);
    expect(parseKm('999.99')).toBe(999.99);
    expect(parseKm('')).toBeNull();
    expect(parseKm('12.')).toBeUndefined();
    expect(parseKm('1000')).toBeUndefined();
  });
});

describe('validatePointForm', () => {
  const base = { name: 'Rail cassé', description: 'Fissure visible', kilometer: '12.50', imageUrl: null };
  it('passes a complete form', () => expect(validatePointForm(base)).toEqual({}));
  it('requires the label and the description', () => {
    const e = validatePointForm({ ...base, name: ' ', description: '  ' });
    expect(e.name).toBe(M.labelRequired);
    expect(e.description).toBe('La description est obligatoire.');
  });
  it('rejects an invalid PK and an invalid image URL', () => {
    const e = validatePointForm({ ...base, kilometer: '12.345', imageUrl: 'javascript:alert(1)' });
    expect(e.kilometer).toBe(M.kmInvalid);
    expect(e.imageUrl).toBe("L'URL de l'image est invalide. Veuillez réessayer ou supprimer l'image.");
  });
});

describe('checkImageFile', () => {
  const MB = 1024 * 1024;
  it('refuses a non-image', () => {
    expect(checkImageFile({ type: 'application/pdf', size: 10, name: 'a.pdf' })).toEqual({ ok: false, error: 'Le fichier doit être une image' });
  });
  it('refuses 5 Mo and more', () => {
    expect(checkImageFile({ type: 'image/png', size: 5 * MB + 1, name: 'a.png' })).toEqual({ ok: false, error: "L'image doit faire moins de 5 Mo" });
  });
  it('refuses SVG, BMP and mismatched extensions', () => {
    const fmt = "Format d'image non supporté. Utilisez JPG, PNG, GIF ou WEBP.";
    expect(checkImageFile({ type: 'image/svg+xml', size: 10, name: 'a.svg' })).toEqual({ ok: false, error: fmt });
    expect(checkImageFile({ type: 'image/bmp', size: 10, name: 'a.bmp' })).toEqual({ ok: false, error: fmt });
    expect(checkImageFile({ type: 'image/png', size: 10, name: 'a.svg' })).toEqual({ ok: false, error: fmt });
  });
  it('gives the extension of accepted files', () => {
    expect(checkImageFile({ type: 'image/jpeg', size: 10, name: 'IMG_1.JPEG' })).toEqual({ ok: true, ext: 'jpeg' });
    expect(checkImageFile({ type: 'image/jpeg', size: 10, name: 'image' })).toEqual({ ok: true, ext: 'jpg' });
    expect(checkImageFile({ type: 'image/webp', size: 10, name: 'x.webp' })).toEqual({ ok: true, ext: 'webp' });
  });
});

describe('isValidImageUrl', () => {
  it('accepts empty, storage URLs, points/ paths and http image URLs', () => {
    expect(isValidImageUrl(null)).toBe(true);
    expect(isValidImageUrl('')).toBe(true);
    expect(isValidImageUrl('http://127.0.0.1:3000/storage/v1/object/public/poi_images/points/abc.png')).toBe(true);
    expect(isValidImageUrl('points/abc.webp')).toBe(true);
    expect(isValidImageUrl('https://example.org/photo.JPG')).toBe(true);
    expect(isValidImageUrl('/storage/v1/object/public/poi_images/points/seed.png')).toBe(true); // demo seed photos
  });
  it('refuses other schemes, non-image paths and traversal', () => {
    expect(isValidImageUrl('javascript:alert(1)//x.png')).toBe(false);
    expect(isValidImageUrl('https://example.org/page.html')).toBe(false);
    expect(isValidImageUrl('points/abc.svg')).toBe(false);
    expect(isValidImageUrl('points/../x.png')).toBe(false);
    expect(isValidImageUrl('not a url')).toBe(false);
    expect(isValidImageUrl('/storage/v1/object/public/poi_images/points/../x.png')).toBe(false);
    expect(isValidImageUrl('/storage/v1/object/public/poi_images/points/x.html')).toBe(false);
    expect(isValidImageUrl('/autre/x.png')).toBe(false);
  });
  it('finds the storage path of our own URLs only', () => {
    expect(storagePathOfImageUrl('http://h/storage/v1/object/public/poi_images/points/a%20b.png?x=1')).toBe('points/a b.png');
    expect(storagePathOfImageUrl('points/a.png')).toBe('points/a.png');
    expect(storagePathOfImageUrl('https://example.org/a.png')).toBeNull();
  });
});

describe('zone and feedback link', () => {
  it('requires a trimmed zone name', () => {
    expect(validateZoneName('   ')).toBe('Le nom de la zone est obligatoire');
    expect(validateZoneName('Gare')).toBeNull();
  });
  it('allows an empty feedback link or an http(s) URL', () => {
    expect(validateFeedbackUrl('')).toBeNull();
    expect(validateFeedbackUrl('https://forms.example.org/avis')).toBeNull();
    expect(validateFeedbackUrl('ftp://x')).toBe("Le lien d'avis doit être une URL valide");
  });
});
