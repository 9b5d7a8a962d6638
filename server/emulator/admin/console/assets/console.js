// The emulator console's only script (docs/console.md): every page works without it. With it, the journal shows new
// API requests as they are answered, and the settings' switches save as they are flipped.
(() => {
  "use strict";

  /** New journal rows, read from the controls' JSON (GET /__emulator/journal?since=), newest on top. */
  function liveJournal(table) {
    const tbody = table.tBodies[0];
    const filters = new URLSearchParams(location.search);
    const method = (filters.get("method") || "").toUpperCase();
    const path = filters.get("path") || "";
    const status = filters.get("status") || "";
    const requestId = filters.get("requestId") || "";
    const matches = (e) =>
      (!method || e.method === method) &&
      (!path || e.path.includes(path)) &&
      (!status || String(e.status) === status || (/xx$/.test(status) && String(e.status)[0] === status[0])) &&
      (!requestId || e.requestId === requestId);
    let latest = Number(table.dataset.latest || 0);

    const cell = (text, className) => {
      const td = document.createElement("td");
      if (className) td.className = className;
      td.textContent = text;
      return td;
    };
    function row(e) {
      const tr = document.createElement("tr");
      tr.dataset.seq = String(e.seq);
      const first = document.createElement("td");
      const link = document.createElement("a");
      link.href = `/__emulator/console/journal/${e.seq}`;
      link.textContent = String(e.seq);
      first.append(link);
      const at = document.createElement("td");
      const time = document.createElement("time");
      time.dateTime = e.at;
      time.textContent = e.at;
      at.append(time);
      tr.append(
        first,
        at,
        cell(e.method),
        cell(e.path + (e.query || ""), "path"),
        cell(String(e.status)),
        cell(`${e.durationMs} ms`),
        cell(e.fault === null ? "" : `rule ${e.fault}`),
        cell(e.requestId || "", "rid"),
      );
      return tr;
    }

    async function poll() {
      try {
        const res = await fetch(`/__emulator/journal?since=${latest}`, { headers: { Accept: "application/json" } });
        if (res.ok) {
          const { entries } = await res.json();
          // A reset empties the journal and numbering goes on: nothing older than `latest` comes back.
          for (const e of entries) {
            latest = Math.max(latest, e.seq);
            if (matches(e)) tbody.prepend(row(e));
          }
          while (tbody.rows.length > 100) tbody.deleteRow(-1);
          if (tbody.rows.length) document.getElementById("journal-empty")?.remove();
        }
      } catch {
        // The store is restarting: the next tick tries again.
      }
      setTimeout(poll, 1000);
    }
    setTimeout(poll, 1000);
  }

  /** A settings form whose switches save as they change (the Save button stays for the rest, and for no-JS). */
  function saveOnChange(form) {
    const status = document.createElement("p");
    status.setAttribute("role", "status");
    status.className = "message quiet";
    form.append(status);
    form.addEventListener("change", async (event) => {
      if (!(event.target instanceof HTMLInputElement) || event.target.type !== "checkbox") return;
      status.textContent = "Saving…";
      const res = await fetch(form.action, {
        method: "POST",
        body: new URLSearchParams(new FormData(form)),
        redirect: "manual",
      }).catch(() => null);
      // The action answers 303 (an opaque redirect here): anything else means it was not saved.
      status.textContent = res && (res.type === "opaqueredirect" || res.ok) ? "Saved." : "Not saved: try the button.";
    });
  }

  const journal = document.getElementById("journal");
  if (journal && journal.dataset.live === "on") liveJournal(journal);
  for (const form of document.querySelectorAll("form.settings")) saveOnChange(form);
})();
