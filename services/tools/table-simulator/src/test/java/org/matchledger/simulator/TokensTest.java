package org.matchledger.simulator;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.Test;

import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Who posts what (the gateway's posting rights): a table's own account posts its play, the referee rulings, voids,
 * corrections and appeals; every post carries that account's bearer token, and a 401 fetches a fresh one.
 */
class TokensTest {

    private static String event(String type) {
        return "{\"specversion\":\"1.0\",\"id\":\"e\",\"type\":\"" + type + "\",\"subject\":\"T03-7\",\"seq\":1,\"data\":{}}";
    }

    private static String jwt(String sub, long exp) {
        Base64.Encoder b = Base64.getUrlEncoder().withoutPadding();
        return b.encodeToString("{\"alg\":\"none\"}".getBytes()) + "."
                + b.encodeToString(("{\"sub\":\"" + sub + "\",\"exp\":" + exp + "}").getBytes()) + ".sig";
    }

    @Test
    void aTablesPlayIsPostedByItsOwnAccount_rulingsAndCorrectionsByTheReferee() {
        for (String type : List.of("pool.match.opened", "pool.lag.taken", "pool.shot.taken", "pool.option.chosen",
                "pool.match.conceded")) {
            assertEquals("table-T03", Accounts.of("T03-7", event(type)), type);
        }
        for (String type : List.of("pool.ruling.made", "pool.event.voided", "pool.event.corrected", "pool.appeal.filed")) {
            assertEquals("referee", Accounts.of("T03-7", event(type)), type);
        }
        assertEquals("director", Accounts.of("T03-7", event("pool.appeal.decided")));
    }

    @Test
    void theTokenCommand_isOptionsOrEnvironment() {
        Options o = Options.parse(new String[]{"--token-command", "deploy/bin/ledger token"}, Map.of());
        assertEquals(List.of("deploy/bin/ledger", "token"), o.tokenCommand());
        assertEquals(List.of("x", "y"), Options.parse(new String[0], Map.of("SIM_TOKEN_COMMAND", "x y")).tokenCommand());
        assertEquals("abc", Options.parse(new String[]{"--token=abc"}, Map.of()).token());
        assertTrue(Options.parse(new String[0], Map.of()).tokenCommand().isEmpty());
    }

    @Test
    void aCommandsToken_isKeptUntilAMinuteBeforeItExpires() throws Exception {
        long exp = Instant.now().getEpochSecond() + 900;
        assertEquals(exp, TokenSource.Command.expiresAt(jwt("x", exp)));
        // the command prints a token naming the account; a counter file shows how often it ran
        java.nio.file.Path count = java.nio.file.Files.createTempFile("tokens", ".count");
        String script = "echo run >> " + count + "; printf '%s' \"$(printf '%s' '" + jwt("SUB", exp).split("\\.")[0]
                + "')." + "$(printf '{\"sub\":\"%s\",\"exp\":" + exp + "}' \"$0\" | base64 -w0 | tr '+/' '-_' | tr -d '=')" + ".sig\"";
        TokenSource tokens = TokenSource.command(List.of("sh", "-c", script));
        String first = tokens.token("table-T03");
        assertTrue(new String(Base64.getUrlDecoder().decode(first.split("\\.")[1]), StandardCharsets.UTF_8).contains("table-T03"));
        assertEquals(first, tokens.token("table-T03"));
        assertEquals(1, java.nio.file.Files.readAllLines(count).size(), "kept, not fetched again");
        tokens.refused("table-T03");
        tokens.token("table-T03");
        assertEquals(2, java.nio.file.Files.readAllLines(count).size(), "fetched again after a 401");
        java.nio.file.Files.delete(count);
    }

    @Test
    void everyPostCarriesItsAccountsToken_andA401IsSentAgainWithAFreshOne() throws Exception {
        List<String> seen = new CopyOnWriteArrayList<>();
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            String auth = exchange.getRequestHeaders().getFirst("Authorization");
            seen.add(auth);
            exchange.getRequestBody().readAllBytes();
            int status = "Bearer old-referee".equals(auth) ? 401 : 202;
            byte[] body = (status == 202 ? "{\"accepted\":[\"e\"]}" : "{\"title\":\"Unauthorized\",\"status\":401}").getBytes();
            exchange.sendResponseHeaders(status, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        try {
            List<String> refereeTokens = new CopyOnWriteArrayList<>(List.of("old-referee", "new-referee"));
            TokenSource tokens = new TokenSource() {
                @Override
                public String token(String account) {
                    return account.equals("referee") ? refereeTokens.get(0) : "token-of-" + account;
                }

                @Override
                public void refused(String account) {
                    refereeTokens.remove(0);
                }
            };
            HttpEventSender sender = new HttpEventSender(URI.create("http://127.0.0.1:" + server.getAddress().getPort()),
                    Duration.ofSeconds(2), Duration.ofSeconds(10), tokens);
            assertEquals(EventSender.Kind.ACCEPTED, sender.send("T03-7", event("pool.shot.taken"), 0).kind());
            EventSender.Outcome refused = sender.send("T03-7", event("pool.ruling.made"), 0);
            assertEquals(EventSender.Kind.UNAVAILABLE, refused.kind(), "a 401 is sent again, not skipped");
            assertEquals(401, refused.status());
            assertEquals(EventSender.Kind.ACCEPTED, sender.send("T03-7", event("pool.ruling.made"), 0).kind());
            assertEquals(List.of("Bearer token-of-table-T03", "Bearer old-referee", "Bearer new-referee"), seen);
        } finally {
            server.stop(0);
        }
    }
}
