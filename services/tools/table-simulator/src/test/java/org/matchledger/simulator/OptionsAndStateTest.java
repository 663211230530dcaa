package org.matchledger.simulator;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.*;

class OptionsAndStateTest {

    @Test
    void defaultsThenEnvironmentThenFlags() {
        Options d = Options.parse(new String[0], Map.of());
        assertEquals(URI.create("http://127.0.0.1:8080"), d.gateway());
        assertEquals(8, d.tables());
        assertEquals(2.0, d.rate());
        assertEquals(1, d.seed());
        assertFalse(d.seedGiven());
        assertNull(d.duration());
        assertEquals(0, d.matches());
        assertNull(d.state());

        Map<String, String> env = Map.of("GATEWAY_URL", "http://127.0.0.1:9000", "SIMULATED_TABLES", "3", "SIM_RATE", "0.5");
        Options e = Options.parse(new String[0], env);
        assertEquals(3, e.tables());
        assertEquals(0.5, e.rate());

        Options f = Options.parse(new String[]{"--tables", "12", "--rate=5", "--seed", "9", "--duration", "30",
                "--matches", "4", "--gateway", "http://localhost:8085", "--state", "s.properties"}, env);
        assertEquals(12, f.tables());
        assertEquals(5.0, f.rate());
        assertEquals(9, f.seed());
        assertTrue(f.seedGiven());
        assertEquals(Duration.ofSeconds(30), f.duration());
        assertEquals(4, f.matches());
        assertEquals(URI.create("http://localhost:8085"), f.gateway());
        assertEquals(Path.of("s.properties"), f.state());
        assertEquals(0, Options.parse(new String[]{"--tables", "0"}, Map.of()).tables());
    }

    @Test
    void badOptionsAreRefusedWithTheirName() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Options.parse(new String[]{"--rate", "0"}, Map.of()))
                .getMessage().contains("--rate"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Options.parse(new String[]{"--tables", "x"}, Map.of()))
                .getMessage().contains("--tables"));
        assertThrows(IllegalArgumentException.class, () -> Options.parse(new String[]{"--nope"}, Map.of()));
        assertThrows(IllegalArgumentException.class, () -> Options.parse(new String[]{"--seed"}, Map.of()));
        assertThrows(IllegalArgumentException.class,
                () -> HttpEventSender.requireLoopback(URI.create("http://8.8.8.8:8080")));
        HttpEventSender.requireLoopback(URI.create("http://127.0.0.1:8080"));
        HttpEventSender.requireLoopback(URI.create("http://localhost:8080"));
    }

    @Test
    void stateRoundTripsAndAnotherSeedNeverReusesAMatchId(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("sim/state.properties");
        assertNull(SimState.read(file));
        SimState s = new SimState(1, Map.of("T01", new SimulatedTable.Position(3, 57), "T02", new SimulatedTable.Position(1, 0)));
        s.write(file);
        SimState back = SimState.read(file);
        assertEquals(s.seed(), back.seed());
        assertEquals(s.tables(), back.tables());

        List<String> ids = List.of("T01", "T02", "T03");
        assertEquals(Map.of("T01", new SimulatedTable.Position(3, 57), "T02", new SimulatedTable.Position(1, 0), "T03", SimulatedTable.Position.START),
                SimState.startPositions(back, 1, ids));
        assertEquals(Map.of("T01", new SimulatedTable.Position(4, 0), "T02", new SimulatedTable.Position(2, 0), "T03", SimulatedTable.Position.START),
                SimState.startPositions(back, 2, ids));
    }
}
