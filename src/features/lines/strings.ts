// French texts of the line follower.
export const LINES_TEXT = {
  lineArchived: (left: string, to: string) => `La ligne ${left} a été archivée par un administrateur : vous voyez maintenant la ligne ${to}.`,
} as const;
