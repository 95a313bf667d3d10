"""`tether view`: the runs, verdicts and receipts of a trace store in a browser.

One module per question:

- `listing`: which runs a page of the runs page shows (SQL: filters, search, pagination);
- `runs`: one run as the run page draws it (spans, receipt, the gate's finding);
- `results`: the lab's and the audit's figures as chart data;
- `app`: the starlette app serving the pages, the JSON and the live events;
- `export`: the same pages written to a folder that opens from disk.

The pages themselves are plain JS and CSS in `static/`, shipped in the package: nothing is
fetched from the network.
"""
