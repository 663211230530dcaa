// Every text the console shows, in one place: translate this file to translate the console.
// Functions take the values they need; `name(id)` turns a player id into the player's name.
export const L = {
  title: 'Table console',
  appName: 'Match ledger console',
  online: 'online',
  offline: n => `offline — ${n} ${n === 1 ? 'shot' : 'shots'} waiting`,
  sending: n => `sending — ${n} waiting`,
  signIn: 'Sign in',
  pairIntro: 'Pair this device with its table: a referee approves the code below.',
  pairStart: 'Show a pairing code',
  pairCode: 'Code',
  pairGoTo: 'On a phone, open',
  pairAndEnter: 'sign in as the table (or as referee) and enter the code.',
  pairWaiting: 'Waiting for approval…',
  pairDenied: 'The pairing was refused or expired. Try again.',
  signedInAs: (who, role, table) => `${who} · ${role}${table ? ' · table ' + table : ''}`,
  signOut: 'Sign out',
  signInAgain: 'Sign in again: the sign-in has expired (the waiting shots are kept).',
  openMatch: 'Open a match',
  resume: 'Continue',
  tableMatches: 'Matches on this table',
  matchId: 'Match id',
  discipline: 'Discipline',
  disciplines: {NINE_BALL: '9-ball', EIGHT_BALL: '8-ball', STRAIGHT_POOL: '14.1 continuous', BLACKBALL: 'Black Ball'},
  player: i => `Player ${i}`,
  raceTo: 'Race to',
  pointsTo: 'Points to',
  breakFormat: 'Break',
  breakFormats: {ALTERNATE: 'alternate', WINNER: 'winner breaks'},
  foulAward: 'After a foul',
  foulAwards: {FREE_SHOT: 'free shot', TWO_VISITS: 'two visits'},
  table: 'Table',
  open: 'Open match',
  leave: 'Leave match',
  // lag
  lag: 'Lag (1.2)',
  lagWinner: 'Who won the lag?',
  lagFaults: name => `Faults of ${name}'s lag`,
  lagFaultNames: {
    footRail: 'foot rail not once', crossedLongString: 'crossed the long string', touchedSideRail: 'side rail',
    pocketedOrOffTable: 'pocketed / off table', stoppedInCornerPocketPastHeadRail: 'in the corner pocket',
    otherFoul: 'other fault', struckLate: 'struck late'},
  lagRecord: 'Record the lag',
  relag: 'Too close: re-lag',
  // options
  options: {BREAK: 'Break', OPPONENT_BREAKS: 'Opponent breaks', SHOOT: 'Shoot', PASS: 'Pass back',
    ACCEPT_TABLE: 'Accept the table', REBREAK: 'Re-break', OPPONENT_REBREAKS: 'Opponent re-breaks', SPOT_EIGHT: 'Spot the 8'},
  chooses: name => `${name} chooses`,
  // shot
  shooter: 'Shooter',
  atTable: 'at the table',
  breakShot: 'Break',
  ballsHint: 'Tap the balls pocketed',
  firstHit: 'First hit',
  none: 'none',
  pocketHint: 'Pocket (tap the table)',
  pockets: {HEAD_LEFT: 'head left', HEAD_RIGHT: 'head right', SIDE_LEFT: 'side left', SIDE_RIGHT: 'side right',
    FOOT_LEFT: 'foot left', FOOT_RIGHT: 'foot right'},
  rail: 'Rail after contact',
  scratch: 'Scratch',
  cueOff: 'Cue ball off table',
  offTableMode: 'Ball off table',
  safety: 'Safety',
  pushOut: 'Push out',
  jumped: 'Jumped a ball',
  foulSeen: 'Foul seen…',
  fouls: {FOOT_NOT_ON_FLOOR: 'Foot not on floor (6.4)', TOUCHED_BALL: 'Touched a ball (6.6)', DOUBLE_HIT: 'Double hit (6.7)',
    PUSH_SHOT: 'Push shot (6.8)', BALLS_MOVING: 'Balls still moving (6.9)', CUE_ON_TABLE: 'Cue on the table (6.12)',
    PLAYED_BEFORE_RACK_COMPLETE: 'Played before the rack was complete'},
  ballsToRail: 'Balls to a rail',
  crossedCenter: 'Balls over the centre line',
  cueToRail: 'Cue ball to a rail',
  rerack: 'Re-rack (4.8)',
  rerackFacts: {cueBallInRackArea: 'cue ball in the rack area', lastBallInRackArea: 'last ball in the rack area',
    lastBallBehindHeadString: 'last ball behind the head string'},
  record: 'Record shot',
  miss: 'Miss — hit, rail',
  clear: 'Clear',
  // referee and match
  undo: 'Undo last',
  undoQueued: 'Remove the last waiting shot',
  referee: 'Referee',
  slowPlay: 'Slow play (6.15)',
  unsportsmanlike: 'Unsportsmanlike (6.16)',
  penalties: {WARNING: 'warning', STANDARD_FOUL: 'standard foul', SERIOUS_FOUL: 'serious foul', LOSS_OF_RACK: 'loss of rack',
    LOSS_OF_MATCH: 'loss of match', DISQUALIFICATION: 'disqualification'},
  noProgress: 'No progress warning (1.12)',
  stalemate: 'Stalemate (1.12)',
  concede: name => `${name} concedes`,
  appeal: name => `${name} appeals the selected event (1.10)`,
  timeline: 'Timeline',
  correct: 'Correct',
  voidIt: 'Void',
  correcting: seq => `Correcting event ${seq}: record the shot as it should read`,
  cancel: 'Cancel',
  reasonPrompt: 'Reason',
  waiting: 'waiting',
  rejected: 'rejected',
  rejectedBanner: (seq, reason) => `Event ${seq} was refused: ${reason}. The shots after it wait. Record the right event now (it takes seq ${seq}), or discard it.`,
  discard: 'Discard it',
  otherConsole: (seq, n) => `Another console is scoring this match (event ${seq} is already taken): this one follows it, read-only. `
    + `${n} event(s) of this console wait. Take over to send them after the other console's events, or discard them one by one.`,
  takeOver: 'Take over',
  // two tablets on one match: the scoring lease
  readOnlyStatus: n => `read-only${n ? ` — ${n} waiting` : ''}`,
  leaseReadOnly: 'Scored on another tablet',
  leaseHeld: (by, n) => `Another tablet${by ? ` (${by})` : ''} is scoring this match: this one follows it, read-only.`
    + (n ? ` ${n} event(s) recorded here wait; they go after the ledger's last event once this tablet scores.` : ''),
  leaseAsk: 'Ask to take over',
  leaseAsking: 'Asked: waiting for the other tablet to accept…',
  leaseDeclined: 'The other tablet declined. You may ask again.',
  leaseStale: min => `The other tablet has not been seen for ${min} minute(s): this one may take over without asking.`,
  leaseTake: 'Take over',
  leaseForce: 'Take over now (referee)',
  leaseRequested: by => `${by || 'Another tablet'} asks to take over scoring this match. On Accept, that tablet scores and this one follows, read-only.`,
  leaseAccept: 'Accept',
  leaseDecline: 'Decline',
  // the answer
  answer: 'The ledger says',
  score: 'score',
  rack: n => `rack ${n}`,
  race: n => `race to ${n}`,
  fouls2: name => `⚠ ${name} is on two fouls: a third foul loses the rack (6.14)`,
  winner: name => `${name} wins the match`,
  predicted: 'as scored here (the ledger has not answered yet)',
  group: g => ({SOLIDS: 'solids', STRIPES: 'stripes', REDS: 'reds', YELLOWS: 'yellows'}[g] || ''),
  cueBall: {IN_POSITION: 'cue ball in position', IN_HAND: 'ball in hand', IN_HAND_KITCHEN: 'ball in hand behind the head string'},
  eventNames: {'pool.match.opened': 'opened', 'pool.lag.taken': 'lag', 'pool.shot.taken': 'shot', 'pool.option.chosen': 'option',
    'pool.ruling.made': 'ruling', 'pool.match.conceded': 'concession', 'pool.event.voided': 'void',
    'pool.event.corrected': 'correction', 'pool.appeal.filed': 'appeal'},
  foulNames: {CUE_BALL_SCRATCH: 'scratch', WRONG_BALL_FIRST: 'wrong ball first', NO_RAIL_AFTER_CONTACT: 'no rail after contact',
    FOOT_NOT_ON_FLOOR: 'foot not on the floor', BALL_OFF_TABLE: 'ball off the table', TOUCHED_BALL: 'touched a ball',
    DOUBLE_HIT: 'double hit', PUSH_SHOT: 'push shot', BALLS_MOVING: 'balls still moving', BAD_CUE_BALL_PLACEMENT: 'bad cue ball placement',
    BAD_PLAY_FROM_KITCHEN: 'bad play from the kitchen', CUE_ON_TABLE: 'cue on the table', OUT_OF_TURN: 'played out of turn',
    SLOW_PLAY: 'slow play', UNSPORTSMANLIKE: 'unsportsmanlike conduct', ILLEGAL_BREAK: 'illegal break',
    OPPONENT_BALL_ONLY: "opponent's ball only", JUMP_SHOT: 'jump shot', PLAYED_BEFORE_RACK_COMPLETE: 'played before the rack was complete'},
};

/** One ruling in plain words, with its rule number. */
export function ruling(r, name) {
  const who = r.player ? name(r.player) : '';
  const rule = r.rule ? ` (${r.rule})` : '';
  const pts = r.points ? ` ${r.points > 0 ? '+' : ''}${r.points}` : '';
  switch (r.kind) {
    case 'MATCH_OPENED': return 'Match opened';
    case 'LAG_WON': return `${who} wins the lag${rule}`;
    case 'RELAG': return `Re-lag${rule}${r.detail ? ': ' + r.detail : ''}`;
    case 'BREAK_ASSIGNED': return `${who} breaks${rule}`;
    case 'FOUL': return `Foul${rule} — ${L.foulNames[r.foul] || r.foul}; ${who} fouled${pts}`;
    case 'BREAKING_FOUL': return `Breaking foul${rule} — ${who}${pts}`;
    case 'ILLEGAL_BREAK': return `Illegal break${rule} — ${who}`;
    case 'SERIOUS_FOUL': return `Serious foul${rule} — ${who}${pts}`;
    case 'TWO_FOUL_WARNING': return `Warning${rule}: ${who} is on two fouls`;
    case 'POINTS': return `${who}${pts}${rule}`;
    case 'GROUP_ASSIGNED': return `${who} has ${L.group(r.group)}${rule}`;
    case 'BALLS_SPOTTED': return `Spotted: ${(r.balls || []).join(', ')}`;
    case 'RERACK': return `Re-rack of ${r.balls} balls${rule}, ${L.cueBall[r.cueBall] || ''}`;
    case 'PUSH_OUT': return `${who} pushes out${rule}`;
    case 'SAFETY': return `${who} plays safe${rule}`;
    case 'OPTION_OFFERED': return `${who} to choose: ${(r.options || []).map(o => L.options[o] || o).join(' / ')}`;
    case 'OPTION_TAKEN': return `${who}: ${L.options[r.option] || r.option}`;
    case 'TURN': return `${who} to the table — ${L.cueBall[r.cueBall] || ''}${r.freeShot ? ', free shot' : ''}${r.detail ? ', ' + r.detail : ''}`;
    case 'RACK_WON': return `${who} wins the rack${rule}`;
    case 'STALEMATE_WARNING': return `No progress: three more innings each${rule}`;
    case 'STALEMATE': return `Stalemate${rule}`;
    case 'MATCH_WON': return `${who} wins the match (${(r.detail || '').toLowerCase()})`;
    case 'EVENT_VOIDED': return `Event voided${rule}; the match is re-judged`;
    case 'EVENT_CORRECTED': return 'Event corrected; the match is re-judged';
    case 'CONTINUE': return `${who} continues`;
    case 'WARNING': return `Warning to ${who}${rule}`;
    case 'SNOOKER_DECLARED': return `${who} is snookered`;
    case 'APPEAL_FILED': return `Appeal filed by ${who}${rule}`;
    case 'APPEAL_DECIDED': return `Appeal ${(r.detail || '').toLowerCase()}${rule}`;
    case 'EVENT_REJECTED': return `Refused: ${r.reason}`;
    case 'DUPLICATE': return 'Already recorded';
    case 'MATCH_CLOSED': return 'Match closed';
    default: return r.kind;
  }
}
