package org.matchledger.systemtests;

import org.matchledger.testsupport.Browser;
import org.matchledger.testsupport.BrowserTab;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A person approving a device code at the identity provider's verification page, in a real browser tab: enters the
 * user code, signs in with an account and its password, accepts the grant if asked (RFC 8628 §3.3).
 */
final class DeviceApproval {
    static final Duration STEP = Duration.ofSeconds(30);

    /** Which page the person is on: the code form, the sign-in form, the consent form, done (success), or loading. */
    static final String STATE = "(() => {"
            + " if (document.readyState !== 'complete') return 'loading';"
            + " if (document.querySelector('input[name=device_user_code]')) return 'code';"
            + " if (document.querySelector('#username') && document.querySelector('#password')) return 'login';"
            + " if (document.querySelector('[name=accept]')) return 'consent';"
            + " const text = document.body ? document.body.innerText.replace(/\\s+/g, ' ').trim() : '';"
            + " return (/success/i.test(text) ? 'done: ' : 'other: ') + text.slice(0, 300); })()";

    private DeviceApproval() {
    }

    /** Approves {@code userCode} at {@code verificationUri} as {@code account}; returns the pages seen. */
    static List<String> approve(Browser browser, String verificationUri, String userCode, String account, String password) {
        List<String> seen = new ArrayList<>();
        try (BrowserTab page = browser.open(verificationUri)) {
            String state = state(page);
            long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
            while (!state.startsWith("done") && System.nanoTime() < deadline) {
                seen.add(state);
                switch (state) {
                    case "code" -> {
                        type(page, "input[name=device_user_code]", userCode);
                        page.evaluate("(() => { document.querySelector('input[name=device_user_code]').form.requestSubmit(); return true; })()");
                    }
                    case "login" -> {
                        type(page, "#username", account);
                        type(page, "#password", password);
                        page.evaluate("(() => { document.querySelector('#password').form.requestSubmit(); return true; })()");
                    }
                    case "consent" -> page.evaluate("(() => { document.querySelector('[name=accept]').click(); return true; })()");
                    default -> throw new AssertionError("unexpected page after " + seen + ": " + state);
                }
                String before = state;
                page.waitFor("(" + STATE + ") !== " + Browser.jsString(before), STEP);
                state = state(page);
            }
            seen.add(state);
            if (!state.startsWith("done")) {
                throw new AssertionError("the approval did not finish: " + seen);
            }
        }
        return seen;
    }

    private static String state(BrowserTab page) {
        page.waitFor("(" + STATE + ") !== 'loading'", STEP);
        return page.evaluate(STATE).asText();
    }

    private static void type(BrowserTab page, String selector, String text) {
        page.evaluate("(() => { const e = document.querySelector(" + Browser.jsString(selector) + ");"
                + " e.focus(); e.value = " + Browser.jsString(text) + ";"
                + " e.dispatchEvent(new Event('input', {bubbles: true})); return true; })()");
    }
}
