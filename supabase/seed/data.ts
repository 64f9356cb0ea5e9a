// Static demo content for the seed: teams, zones (image px), anomaly labels and descriptions in French.
// The line image is 12000×1500 px; voie 1 runs at y≈600 and voie 2 at y≈900 (scripts/makeLineImage.mjs).

export const TRACK_Y = { voie_1: 600, voie_2: 900 } as const; // image px

export const TEAMS = [
  { name: 'Brigade Voie Juvisy', description: 'Entretien de la voie et du ballast entre Villeneuve et Savigny.' },
  { name: 'Équipe Signalisation', description: 'Signaux, circuits de voie et passages à niveau.' },
  { name: 'Équipe Ouvrages d\'art', description: 'Ponts, murs de soutènement, talus et clôtures.' },
];

/** Zones: name, track (null = no track), colour, x range (image px); polygons are built around the track. */
export const ZONES: { name: string; track: 'voie_1' | 'voie_2' | null; color: string; x0: number; x1: number }[] = [
  { name: 'Gare de Villeneuve-Saint-Georges', track: 'voie_1', color: '#3b82f6', x0: 620, x1: 1450 },
  { name: 'Aiguillages Aig. 19', track: 'voie_2', color: '#8b5cf6', x0: 1750, x1: 2350 },
  { name: 'Passage à niveau PN 12', track: null, color: '#ef4444', x0: 2650, x1: 2950 },
  { name: 'Gare de Juvisy-sur-Orge', track: 'voie_1', color: '#22c55e', x0: 3200, x1: 4050 },
  { name: 'Tranchée de Juvisy', track: 'voie_2', color: '#f97316', x0: 4300, x1: 5200 },
  { name: 'Pont de la Seine', track: 'voie_1', color: '#1d4ed8', x0: 5350, x1: 5850 },
  { name: 'Pont de la Seine', track: 'voie_2', color: '#1d4ed8', x0: 5350, x1: 5850 },
  { name: 'Gare de Savigny-sur-Orge', track: 'voie_2', color: '#15803d', x0: 6500, x1: 7300 },
  { name: 'Remblai de Brétigny', track: 'voie_1', color: '#eab308', x0: 8300, x1: 9200 },
  { name: 'Gare de Brétigny', track: 'voie_2', color: '#ec4899', x0: 9250, x1: 10050 },
];

/** Anomaly labels with a few matching descriptions each. */
export const ANOMALIES: { label: string; descriptions: string[] }[] = [
  { label: 'Végétation envahissante', descriptions: [
    'Branches en contact avec la caténaire, élagage à prévoir.',
    'Ronces sur la piste de cheminement, circulation des agents difficile.',
    'Arbre penché vers la voie après le coup de vent.' ] },
  { label: 'Traverse fissurée', descriptions: [
    'Traverse béton fissurée sur toute la largeur, attache desserrée.',
    'Deux traverses bois consécutives pourries, remplacement nécessaire.' ] },
  { label: 'Ballast insuffisant', descriptions: [
    'Manque de ballast en épaulement sur environ 20 m.',
    'Ballast colmaté, mauvaise évacuation des eaux.' ] },
  { label: 'Signal masqué', descriptions: [
    'Visibilité du signal réduite par la végétation, moins de 200 m.',
    'Panneau de signalisation tourné, lecture impossible depuis la cabine.' ] },
  { label: 'Rail usé', descriptions: [
    'Usure latérale importante du rail extérieur en courbe.',
    'Écaillage du champignon du rail, surveillance renforcée.' ] },
  { label: 'Éclisse défectueuse', descriptions: [
    'Boulon d\'éclisse manquant au joint.', 'Éclisse fissurée, pose d\'un serre-joint provisoire.' ] },
  { label: 'Clôture endommagée', descriptions: [
    'Grillage arraché sur 15 m, risque d\'intrusion sur les voies.', 'Portillon de service forcé.' ] },
  { label: 'Dépôt sauvage', descriptions: [
    'Encombrants déposés le long de la voie, à évacuer.', 'Déchets et pneus sur la piste.' ] },
  { label: 'Affaissement de talus', descriptions: [
    'Glissement de terrain en pied de talus après les pluies.', 'Fissures en crête de talus, à surveiller.' ] },
  { label: 'Caniveau obstrué', descriptions: [
    'Caniveau à câbles bouché par des feuilles, eau stagnante.', 'Couvercle de caniveau cassé.' ] },
  { label: 'Défaut d\'aiguillage', descriptions: [
    'Contrôle de l\'aiguille intermittent, graissage à prévoir.', 'Jeu anormal du talon d\'aiguille.' ] },
  { label: 'Joint isolant détérioré', descriptions: [
    'Joint isolant collé abîmé, dérangement du circuit de voie.' ] },
  { label: 'Graffiti sur signal', descriptions: [ 'Tag recouvrant la plaque d\'identification du signal.' ] },
  { label: 'Éclairage quai défaillant', descriptions: [ 'Trois candélabres éteints en bout de quai.' ] },
];

export const PHOTO_ACCENTS: [number, number, number][] = [
  [239, 68, 68], [245, 158, 11], [34, 197, 94], [59, 130, 246], [139, 92, 246], [236, 72, 153], [20, 184, 166],
];
