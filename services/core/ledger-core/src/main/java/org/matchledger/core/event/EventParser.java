package org.matchledger.core.event;

import com.fasterxml.jackson.databind.JsonNode;

import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

import static org.matchledger.core.event.Fields.*;

/**
 * Reads one CloudEvent (docs/events.md "Envelope" and "Types") into a {@link TableEvent}, or says which field is wrong.
 * Only the shape is checked here; whether a player is in the match or a ball is on the table is the fold's question.
 */
public final class EventParser {
    private static final Pattern SUBJECT = Pattern.compile("[A-Za-z0-9._-]{1,64}");
    private static final int MAX_BALL = 15;
    /** 8-ball, 9-ball and Black Ball: a race to at most this many racks. */
    public static final int MAX_RACE_TO_RACKS = 99;
    /** 14.1 continuous: a race to at most this many points. */
    public static final int MAX_RACE_TO_POINTS = 1000;

    private EventParser() {
    }

    public static ParseResult parse(JsonNode node) {
        if (node == null || !node.isObject()) {
            return new ParseResult.Invalid(null, null, null, Rejection.of("event", "must be a JSON object"));
        }
        // kept with a rejection only when safe to show: a rejection's id and subject end up in rulings and logs
        String id = node.path("id").isTextual() && SafeText.isSafe(node.get("id").textValue()) ? node.get("id").textValue() : null;
        Long seq = node.path("seq").canConvertToLong() && node.path("seq").isIntegralNumber() ? node.get("seq").longValue() : null;
        String subject = node.path("subject").isTextual() && SafeText.isSafe(node.get("subject").textValue())
                ? node.get("subject").textValue() : null;
        try {
            return new ParseResult.Parsed(parseEvent(node));
        } catch (InvalidField e) {
            return new ParseResult.Invalid(id, seq, subject, e.rejection());
        }
    }

    private static TableEvent parseEvent(JsonNode node) {
        JsonNode specversion = node.get("specversion");
        if (absent(specversion) || !specversion.isTextual() || !"1.0".equals(specversion.textValue())) {
            throw new InvalidField("specversion", "must be \"1.0\"");
        }
        String id = string(node, "id", "id", 1, 128);
        String source = string(node, "source", "source", 1, 4096);
        String typeName = string(node, "type", "type", 1, 256);
        EventType type = EventType.fromWire(typeName)
                .orElseThrow(() -> new InvalidField("type", "unknown type " + typeName));
        String subject = string(node, "subject", "subject", 1, 64);
        if (!SUBJECT.matcher(subject).matches()) {
            throw new InvalidField("subject", "must be 1–64 characters of [A-Za-z0-9._-]");
        }
        JsonNode seqNode = node.get("seq");
        if (absent(seqNode)) {
            throw new InvalidField("seq", "required integer ≥ 1 is missing");
        }
        if (!seqNode.isIntegralNumber() || !seqNode.canConvertToLong() || seqNode.longValue() < 1) {
            throw new InvalidField("seq", "must be an integer ≥ 1");
        }
        String time = optionalString(node, "time", "time", 64);
        if (time != null) {
            try {
                OffsetDateTime.parse(time);
            } catch (DateTimeParseException e) {
                throw new InvalidField("time", "must be an RFC 3339 timestamp");
            }
        }
        JsonNode dct = node.get("datacontenttype");
        if (!absent(dct) && !(dct.isTextual() && "application/json".equals(dct.textValue()))) {
            throw new InvalidField("datacontenttype", "must be \"application/json\"");
        }
        JsonNode data = object(node, "data", "data");
        EventData parsed = parseData(type, data, "data");
        return new TableEvent(id, source, type, subject, seqNode.longValue(), time, parsed, EventDigest.of(node),
                poster(node));
    }

    /**
     * The poster's extension attributes ({@link Poster}), or null when the event has none. Only the gateway and the
     * processor set them (from the verified token, never from the client); the replay tool reads them from the log.
     */
    private static Poster poster(JsonNode node) {
        String subject = optionalString(node, Poster.SUBJECT_ATTRIBUTE, Poster.SUBJECT_ATTRIBUTE, 256);
        String role = optionalString(node, Poster.ROLE_ATTRIBUTE, Poster.ROLE_ATTRIBUTE, 64);
        String table = optionalString(node, Poster.TABLE_ATTRIBUTE, Poster.TABLE_ATTRIBUTE, 64);
        if (subject == null && role == null && table == null) {
            return null;
        }
        if (role == null) {
            throw new InvalidField(Poster.ROLE_ATTRIBUTE, "required with " + Poster.SUBJECT_ATTRIBUTE + " or "
                    + Poster.TABLE_ATTRIBUTE);
        }
        return new Poster(subject, role, table);
    }

    static EventData parseData(EventType type, JsonNode d, String p) {
        return switch (type) {
            case MATCH_OPENED -> matchOpened(d, p);
            case LAG_TAKEN -> lagTaken(d, p);
            case SHOT_TAKEN -> shotTaken(d, p);
            case OPTION_CHOSEN -> new EventData.OptionChosen(playerId(d, "player", p + ".player"),
                    enumValue(d, "option", p + ".option", OptionName.class));
            case RULING_MADE -> rulingMade(d, p);
            case MATCH_CONCEDED -> new EventData.MatchConceded(playerId(d, "player", p + ".player"));
            case EVENT_VOIDED -> new EventData.EventVoided(string(d, "targetId", p + ".targetId", 1, 128),
                    optionalString(d, "reason", p + ".reason", 4096));
            case EVENT_CORRECTED -> eventCorrected(d, p);
            case APPEAL_FILED -> new EventData.AppealFiled(playerId(d, "player", p + ".player"),
                    string(d, "targetId", p + ".targetId", 1, 128), optionalString(d, "grounds", p + ".grounds", 4096));
            case APPEAL_DECIDED -> new EventData.AppealDecided(string(d, "appealId", p + ".appealId", 1, 128),
                    requiredBool(d, "upheld", p + ".upheld"), optionalString(d, "note", p + ".note", 4096));
        };
    }

    private static String playerId(JsonNode d, String name, String path) {
        return string(d, name, path, 1, 64);
    }

    private static EventData matchOpened(JsonNode d, String p) {
        Discipline discipline = enumValue(d, "discipline", p + ".discipline", Discipline.class);
        JsonNode players = array(d, "players", p + ".players");
        if (players == null || players.size() != 2) {
            throw new InvalidField(p + ".players", "must list exactly two players");
        }
        List<EventData.Player> list = new ArrayList<>(2);
        for (int i = 0; i < 2; i++) {
            String pp = p + ".players[" + i + "]";
            JsonNode pl = players.get(i);
            if (!pl.isObject()) {
                throw new InvalidField(pp, "must be an object");
            }
            String id = playerId(pl, "id", pp + ".id");
            String name = optionalString(pl, "name", pp + ".name", 256);
            list.add(new EventData.Player(id, name == null ? id : name));
        }
        if (list.get(0).id().equals(list.get(1).id())) {
            throw new InvalidField(p + ".players[1].id", "must differ from players[0].id");
        }
        int raceTo = integer(d.get("raceTo"), p + ".raceTo", 1, maxRaceTo(discipline));
        BreakFormat breakFormat = optionalEnum(d, "breakFormat", p + ".breakFormat", BreakFormat.class);
        String tableId = optionalString(d, "tableId", p + ".tableId", 64);
        FoulAward foulAward = null;
        JsonNode options = d.get("options");
        if (!absent(options)) {
            if (!options.isObject()) {
                throw new InvalidField(p + ".options", "must be an object");
            }
            var names = options.fieldNames();
            while (names.hasNext()) {
                String key = names.next();
                if (!SafeText.isSafe(key)) {
                    throw new InvalidField(p + ".options", "an option name " + SafeText.problem(key));
                }
                if (!"foulAward".equals(key) || discipline != Discipline.BLACKBALL) {
                    throw new InvalidField(p + ".options." + key, "unknown option for " + discipline);
                }
                foulAward = enumValue(options, key, p + ".options.foulAward", FoulAward.class);
            }
        }
        if (discipline == Discipline.BLACKBALL && foulAward == null) {
            foulAward = FoulAward.FREE_SHOT;
        }
        return new EventData.MatchOpened(discipline, List.copyOf(list), raceTo,
                breakFormat == null ? BreakFormat.ALTERNATE : breakFormat, tableId, foulAward);
    }

    /** The longest race a match may be opened with: racks for the rack games, points for 14.1. */
    public static int maxRaceTo(Discipline discipline) {
        return discipline == Discipline.STRAIGHT_POOL ? MAX_RACE_TO_POINTS : MAX_RACE_TO_RACKS;
    }

    private static EventData lagTaken(JsonNode d, String p) {
        JsonNode results = array(d, "results", p + ".results");
        if (results == null || results.size() != 2) {
            throw new InvalidField(p + ".results", "must hold exactly two lag results");
        }
        List<EventData.LagResult> list = new ArrayList<>(2);
        for (int i = 0; i < 2; i++) {
            String rp = p + ".results[" + i + "]";
            JsonNode r = results.get(i);
            if (!r.isObject()) {
                throw new InvalidField(rp, "must be an object");
            }
            list.add(new EventData.LagResult(playerId(r, "player", rp + ".player"),
                    integer(r.get("footRailContacts"), rp + ".footRailContacts", 0, 100),
                    bool(r, "crossedLongString", rp + ".crossedLongString"),
                    bool(r, "touchedSideRail", rp + ".touchedSideRail"),
                    bool(r, "pocketedOrOffTable", rp + ".pocketedOrOffTable"),
                    bool(r, "stoppedInCornerPocketPastHeadRail", rp + ".stoppedInCornerPocketPastHeadRail"),
                    bool(r, "otherFoul", rp + ".otherFoul"),
                    number(r, "distanceFromHeadRail", rp + ".distanceFromHeadRail")));
        }
        if (list.get(0).player().equals(list.get(1).player())) {
            throw new InvalidField(p + ".results[1].player", "each player lags once");
        }
        String struckLate = optionalString(d, "struckLate", p + ".struckLate", 64);
        return new EventData.LagTaken(List.copyOf(list), struckLate, bool(d, "tooCloseToCall", p + ".tooCloseToCall"));
    }

    private static EventData shotTaken(JsonNode d, String p) {
        String shooter = playerId(d, "shooter", p + ".shooter");
        EventData.Call call = null;
        JsonNode c = d.get("call");
        if (!absent(c)) {
            if (!c.isObject()) {
                throw new InvalidField(p + ".call", "must be an object or null");
            }
            call = new EventData.Call(integer(c.get("ball"), p + ".call.ball", 1, MAX_BALL),
                    enumValue(c, "pocket", p + ".call.pocket", Pocket.class));
        }
        Placement placement = optionalEnum(d, "placement", p + ".placement", Placement.class);
        Integer firstContact = nullableInt(d, "firstContact", p + ".firstContact", 1, MAX_BALL);
        List<EventData.PocketedBall> pocketed = new ArrayList<>();
        int pocketedMask = 0;
        JsonNode pa = array(d, "pocketed", p + ".pocketed");
        if (pa != null) {
            for (int i = 0; i < pa.size(); i++) {
                String ip = p + ".pocketed[" + i + "]";
                JsonNode e = pa.get(i);
                if (!e.isObject()) {
                    throw new InvalidField(ip, "must be an object {ball, pocket}");
                }
                int ball = integer(e.get("ball"), ip + ".ball", 1, MAX_BALL);
                if ((pocketedMask & (1 << ball)) != 0) {
                    throw new InvalidField(ip + ".ball", "ball " + ball + " is listed twice");
                }
                pocketedMask |= 1 << ball;
                pocketed.add(new EventData.PocketedBall(ball, enumValue(e, "pocket", ip + ".pocket", Pocket.class)));
            }
        }
        List<Integer> offTable = new ArrayList<>();
        int offMask = 0;
        JsonNode oa = array(d, "offTable", p + ".offTable");
        if (oa != null) {
            for (int i = 0; i < oa.size(); i++) {
                String ip = p + ".offTable[" + i + "]";
                int ball = integer(oa.get(i), ip, 1, MAX_BALL);
                if (((pocketedMask | offMask) & (1 << ball)) != 0) {
                    throw new InvalidField(ip, "ball " + ball + " is already listed as pocketed or off the table");
                }
                offMask |= 1 << ball;
                offTable.add(ball);
            }
        }
        Set<RefereeFoul> fouls = EnumSet.noneOf(RefereeFoul.class);
        JsonNode fa = array(d, "fouls", p + ".fouls");
        if (fa != null) {
            for (int i = 0; i < fa.size(); i++) {
                fouls.add(enumOf(fa.get(i), p + ".fouls[" + i + "]", RefereeFoul.class));
            }
        }
        EventData.Rerack rerack = null;
        JsonNode r = d.get("rerack");
        if (!absent(r)) {
            if (!r.isObject()) {
                throw new InvalidField(p + ".rerack", "must be an object or null");
            }
            rerack = new EventData.Rerack(bool(r, "cueBallInRackArea", p + ".rerack.cueBallInRackArea"),
                    bool(r, "lastBallInRackArea", p + ".rerack.lastBallInRackArea"),
                    bool(r, "lastBallBehindHeadString", p + ".rerack.lastBallBehindHeadString"));
        }
        return new EventData.ShotTaken(shooter, call,
                bool(d, "safety", p + ".safety"), bool(d, "pushOut", p + ".pushOut"), placement, firstContact,
                List.copyOf(pocketed), List.copyOf(offTable),
                bool(d, "cueBallPocketed", p + ".cueBallPocketed"), bool(d, "cueBallOffTable", p + ".cueBallOffTable"),
                bool(d, "railAfterContact", p + ".railAfterContact"),
                optionalInt(d, "objectBallsToRail", p + ".objectBallsToRail", 0, MAX_BALL),
                bool(d, "cueBallToRail", p + ".cueBallToRail"),
                optionalInt(d, "objectBallsCrossedCenter", p + ".objectBallsCrossedCenter", 0, MAX_BALL),
                bool(d, "firstContactBehindHeadString", p + ".firstContactBehindHeadString"),
                bool(d, "cueBallCrossedHeadString", p + ".cueBallCrossedHeadString"),
                bool(d, "cueBallJumpedBall", p + ".cueBallJumpedBall"),
                fouls.isEmpty() ? Set.of() : fouls, rerack, pocketedMask, offMask);
    }

    private static EventData rulingMade(JsonNode d, String p) {
        RefereeCall ruling = enumValue(d, "ruling", p + ".ruling", RefereeCall.class);
        boolean needsPlayer = ruling == RefereeCall.SLOW_PLAY || ruling == RefereeCall.UNSPORTSMANLIKE
                || ruling == RefereeCall.SNOOKERED;
        String player = needsPlayer ? playerId(d, "player", p + ".player")
                : optionalString(d, "player", p + ".player", 64);
        Penalty penalty = ruling == RefereeCall.UNSPORTSMANLIKE
                ? enumValue(d, "penalty", p + ".penalty", Penalty.class)
                : optionalEnum(d, "penalty", p + ".penalty", Penalty.class);
        return new EventData.RulingMade(ruling, player, penalty, optionalString(d, "note", p + ".note", 4096));
    }

    private static EventData eventCorrected(JsonNode d, String p) {
        String targetId = string(d, "targetId", p + ".targetId", 1, 128);
        JsonNode replacement = object(d, "replacement", p + ".replacement");
        String typeName = string(replacement, "type", p + ".replacement.type", 1, 256);
        EventType type = EventType.fromWire(typeName)
                .orElseThrow(() -> new InvalidField(p + ".replacement.type", "unknown type " + typeName));
        if (type.isCorrection()) {
            throw new InvalidField(p + ".replacement.type", "a replacement cannot be a correction");
        }
        JsonNode data = object(replacement, "data", p + ".replacement.data");
        EventData parsed = parseData(type, data, p + ".replacement.data");
        return new EventData.EventCorrected(targetId, type, parsed, optionalString(d, "reason", p + ".reason", 4096));
    }
}
