/** Stage names the women's tournaments spell in the singular. */
const PLURAL: Record<string, string> = {
  'quarter-final': 'quarter-finals',
  'semi-final': 'semi-finals',
};

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "Group c" -> "Group C"; other group names as given. */
export function groupLabel(group: string): string {
  const m = /^group\s+(\S+)$/i.exec(group.trim());
  return m ? `Group ${m[1]!.toUpperCase()}` : group.trim();
}

/** A stage as a readable round: "round of 16" -> "Round of 16", "quarter-final" -> "Quarter-finals". */
export function stageLabel(stage: string): string {
  const s = stage.trim().toLowerCase();
  return capitalize(PLURAL[s] ?? s);
}

/**
 * A match's round: its group ("Group A") in a group stage, else its stage ("Final", "Round of 16",
 * "Third-place match", and "Final round" for 1950's final group, which the database gives no group name).
 */
export function roundName(stage: string, group: string | null): string | null {
  if (group !== null) return groupLabel(group);
  return stage.trim() === '' ? null : stageLabel(stage);
}
