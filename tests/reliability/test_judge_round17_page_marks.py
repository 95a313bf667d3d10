"""Round 17 (engineer 87): an error page's text as a browser renders it, copied whole where the
reply should be, is a failure however many sentences its software wrote (IIS's detailed error,
Varnish's signed page, nginx's stock pages); a writer who names the server, lists a request's
fields or shows a page in a fence with words around it is left alone. Made-up replies."""

from __future__ import annotations

from tests.reliability.judging import hand


def test_a_signed_or_detailed_page_is_a_failure() -> None:
    for text in (
        "Guru Meditation:\n\nXID: 118230977\n\nVarnish cache server",
        # IIS's detailed error: its status heading, a stock line, its request fields
        "HTTP Error 500.19 - Internal Server Error\n"
        "The requested page cannot be accessed because the related configuration data for "
        "the page is invalid.\n\nModule  IIS Web Core\nNotification    BeginRequest\n"
        "Handler Not yet determined\nError Code  0x8007000d\n"
        "Config Error    Configuration file is not well-formed XML. This happens when the "
        "file was saved with an editor that adds a byte order mark.\n"
        "Requested URL   http://localhost:8080/api/chat\n"
        "Physical Path   C:\\inetpub\\wwwroot\\api\\chat\n"
        "Logon Method    Not yet determined\nLogon User  Not yet determined",
        # nginx's page before a site is configured, put where the app's reply should be
        "Welcome to nginx!\n\nIf you see this page, the nginx web server is successfully "
        "installed and working. Further configuration is required.\n\n"
        "For online documentation and support please refer to nginx.org.\n"
        "Commercial support is available at nginx.com.\n\nThank you for using nginx.",
        "Service Unavailable\n\nThe server is temporarily unable to service your request. "
        "The page you are looking for is temporarily unavailable. Please try again later. "
        "If you are the system administrator of this resource then you should check the "
        "error log for details.\n\nApache/2.4.52 (Ubuntu) Server at api.example.org Port 443",
    ):
        failure, names = hand(text)
        assert failure and "page_text" in names, (names, text)


def test_a_writer_naming_the_server_or_showing_the_page_is_left_alone() -> None:
    for text in (
        "The proxy runs nginx/1.24.0 behind the load balancer; I raised `proxy_read_timeout` "
        "to 120s in deploy/nginx.conf and the long streaming test now passes.",
        "I compared the request with the one in the IIS log. The fields were:\n"
        "Requested URL   http://localhost:8080/api/chat\n"
        "Physical Path   C:\\inetpub\\wwwroot\\api\\chat\n"
        "The handler mapping was missing, so I added it to web.config and the test passes.",
        "After the deploy the site showed this instead of the app:\n\n```\nWelcome to nginx!\n"
        "If you see this page, the nginx web server is successfully installed and working.\n"
        "Thank you for using nginx.\n```\n\nThe default server block was still enabled; I "
        "removed /etc/nginx/sites-enabled/default and reloaded, and the app answers again.",
    ):
        failure, _ = hand(text)
        assert not failure, text


def test_every_stock_line_holds_a_key() -> None:
    """A page's stock line is looked for only in a text that holds one of the keys: each line
    must hold one, or it is never found."""
    from tether.reliability import page_marks
    from tether.reliability.keyed import holds

    for line in page_marks.SERVER_PAGE_LINES:
        assert holds(line, page_marks._SERVER_PAGE_KEYS), line
