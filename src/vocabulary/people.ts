/**
 * Words the people resources share with ingestion: a player's positions as the sources list them, and the
 * roles of a match's officials.
 */
export const PLAYER_POSITIONS = ['goal_keeper', 'defender', 'midfielder', 'forward'] as const;
export type PlayerPosition = (typeof PLAYER_POSITIONS)[number];

export const OFFICIAL_ROLES = ['referee', 'assistant_referee', 'fourth_official', 'video_assistant'] as const;
export type OfficialRole = (typeof OFFICIAL_ROLES)[number];

/** The leader boards a competition has, each the count of one kind of timeline event per player. */
export const LEADER_TYPES = ['goals', 'assists', 'yellow_cards', 'red_cards'] as const;
export type LeaderType = (typeof LEADER_TYPES)[number];
