// The facts of a shot (docs/events.md, pool.shot.taken) from what the scorer tapped, with the defaults that make the
// common shot one or two taps; and what a queued event will probably do to the view while the ledger cannot answer.

export const ballsOf = discipline => discipline === 'NINE_BALL'
  ? [1, 2, 3, 4, 5, 6, 7, 8, 9] : [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];
export const lowestOf = balls => balls.length ? Math.min(...balls) : null;
const GROUPS = {SOLIDS: b => b < 8, REDS: b => b < 8, STRIPES: b => b > 8, YELLOWS: b => b > 8};

/** The ball the shooter most likely hit first: the lowest (9-ball, 2.x / 6.2), the called or pocketed ball, his group's. */
export function defaultFirst(v, d) {
  const on = v.ballsOnTable;
  if (v.discipline === 'NINE_BALL') return lowestOf(on);
  if (d.pocketed.length) return d.pocketed[0].ball;
  if (v.discipline === 'STRAIGHT_POOL') return lowestOf(on);
  const p = v.players.find(x => x.id === d.shooter);
  const inGroup = p && p.group ? on.filter(GROUPS[p.group]) : on.filter(b => b !== 8);
  return lowestOf(inGroup.length ? inGroup : on);
}

/** The fields a scorer edits (also what a correction changes of the original shot). */
export function editable(v, d) {
  const first = d.firstContact === undefined ? defaultFirst(v, d) : d.firstContact;
  const data = {shooter: d.shooter, safety: d.safety, pushOut: d.pushOut, firstContact: first,
    pocketed: d.pocketed.map(p => ({ball: p.ball, pocket: p.pocket})), offTable: [...d.offTable],
    cueBallPocketed: d.scratch, cueBallOffTable: d.cueOff, railAfterContact: d.rail, fouls: [...d.fouls]};
  if (v.discipline === 'BLACKBALL') data.cueBallJumpedBall = d.jumped;
  return data;
}

export function shotData(v, d) {
  const data = editable(v, d);
  const disc = v.discipline;
  const called = disc === 'EIGHT_BALL' || disc === 'STRAIGHT_POOL';
  // 1.6, 3.6, 4.5: the call is the ball and pocket; on a miss, the ball hit first into the chosen pocket
  if (called && !d.safety && !(v.nextShotIsBreak && !d.pocketed.length)) {
    const ball = d.pocketed.length ? d.pocketed[0].ball : data.firstContact;
    if (ball) data.call = {ball, pocket: d.pocketed.length ? d.pocketed[0].pocket : d.pocket};
  }
  if (v.cueBall === 'IN_HAND_KITCHEN') {
    data.placement = 'BEHIND_HEAD_STRING';
    data.cueBallCrossedHeadString = true;
  } else if (v.cueBall === 'IN_HAND') {
    data.placement = 'IN_FRONT_OF_HEAD_STRING';
  }
  if (v.nextShotIsBreak) {
    data.objectBallsToRail = d.ballsToRail ?? (disc === 'STRAIGHT_POOL' ? 2 : 4);
    if (disc === 'BLACKBALL') data.objectBallsCrossedCenter = d.crossed ?? 2;
    if (disc === 'STRAIGHT_POOL') data.cueBallToRail = d.cueToRail;
  }
  // 4.8: the shot that pockets the 14th ball of a rack carries where the cue ball and the last ball lie
  const remaining = v.ballsOnTable.length - d.pocketed.length - d.offTable.length;
  if (disc === 'STRAIGHT_POOL' && d.pocketed.length && remaining === 1) data.rerack = {...d.rerack};
  return data;
}

/**
 * What an event probably does to the view, for scoring on while the ledger has not answered (offline). Only what the
 * scorer needs: the balls on the table, who is likely at the table, the break. The ledger's answer replaces it.
 */
export function predict(v, e) {
  if (!v) {
    if (e.type !== 'pool.match.opened') return v;
    const d = e.data;
    return {matchId: e.subject, discipline: d.discipline, status: 'AWAITING_LAG', raceTo: d.raceTo,
      breakFormat: d.breakFormat, tableId: d.tableId, rack: 1, breaker: null, atTable: null, nextShotIsBreak: true,
      players: d.players.map(p => ({id: p.id, name: p.name || p.id, score: 0, consecutiveFouls: 0, onTwoFouls: false,
        group: null, innings: 0, currentRun: 0, highRun: 0})),
      cueBall: 'IN_HAND_KITCHEN', freeShot: false, pushOutAvailable: false, tableOpen: true,
      ballsOnTable: ballsOf(d.discipline), pendingOption: null, stalemate: null, winner: null, lastSeq: e.seq};
  }
  const n = {...v, lastSeq: e.seq, players: v.players.map(p => ({...p}))};
  const other = id => v.players.find(p => p.id !== id).id;
  const d = e.data || {};
  switch (e.type) {
    case 'pool.lag.taken': {
      const good = d.results.filter(r => r.footRailContacts === 1 && !r.crossedLongString && !r.touchedSideRail
        && !r.pocketedOrOffTable && !r.stoppedInCornerPocketPastHeadRail && !r.otherFoul)
        .sort((a, b) => a.distanceFromHeadRail - b.distanceFromHeadRail);
      if (d.tooCloseToCall || d.struckLate || !good.length) return n;
      n.status = 'IN_PROGRESS';
      n.pendingOption = {player: good[0].player, options: ['BREAK', 'OPPONENT_BREAKS']};
      return n;
    }
    case 'pool.option.chosen': {
      const po = v.pendingOption;
      n.pendingOption = null;
      if (d.option === 'BREAK') { n.breaker = n.atTable = d.player; n.nextShotIsBreak = true; }
      else if (d.option === 'OPPONENT_BREAKS') { n.breaker = n.atTable = other(d.player); n.nextShotIsBreak = true; }
      else if (d.option === 'PASS') n.atTable = other(d.player);
      else n.atTable = d.player;
      if (!po) n.atTable = d.player;
      return n;
    }
    case 'pool.shot.taken': {
      const gone = new Set([...(d.pocketed || []).map(p => p.ball), ...(d.offTable || [])]);
      n.ballsOnTable = v.ballsOnTable.filter(b => !gone.has(b));
      const foul = d.cueBallPocketed || d.cueBallOffTable || (d.fouls || []).length || d.firstContact == null;
      const scored = (d.pocketed || []).length > 0 && !foul && !d.safety;
      n.atTable = d.pushOut ? other(d.shooter) : scored ? d.shooter : other(d.shooter);
      n.cueBall = foul ? 'IN_HAND' : 'IN_POSITION';
      n.nextShotIsBreak = false;
      n.pushOutAvailable = false;
      const special = v.discipline === 'NINE_BALL' ? 9 : 8;
      if (v.discipline !== 'STRAIGHT_POOL' && !n.ballsOnTable.includes(special)) {
        n.ballsOnTable = ballsOf(v.discipline); // the rack is over: a new one is racked
        n.rack = v.rack + 1;
        n.nextShotIsBreak = true;
        n.cueBall = 'IN_HAND_KITCHEN';
      } else if (v.discipline === 'STRAIGHT_POOL' && d.rerack) {
        n.ballsOnTable = ballsOf(v.discipline); // 4.8: fourteen balls racked around the one left
      }
      return n;
    }
    case 'pool.match.conceded':
      n.status = 'FINISHED';
      n.winner = other(d.player);
      n.atTable = null;
      return n;
    default:
      return n;
  }
}
