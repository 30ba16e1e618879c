"""What the socket tests of `nexus serve` share: a tally of checks (safe
across client threads) and one connection speaking the line protocol."""
import json
import socket
import threading


class Tally:
    """Counts checks; a failed one is printed at once, the total at the end."""

    def __init__(self, name):
        self.name, self.passes, self.fails = name, 0, 0
        self.lock = threading.Lock()

    def check(self, cond, what):
        with self.lock:
            if cond:
                self.passes += 1
            else:
                self.fails += 1
                print("FAIL:", what)

    def report(self):
        print("%s: %d passed, %d failed" % (self.name, self.passes, self.fails))
        return 1 if self.fails else 0


class Conn:
    """One connection: a request is one JSON line, so is its reply.  A path
    is a Unix socket; (host, port) is TCP.  A closed connection raises
    ConnectionError rather than handing back an empty reply."""

    def __init__(self, addr, timeout=60):
        family = socket.AF_UNIX if isinstance(addr, str) else socket.AF_INET
        self.s = socket.socket(family, socket.SOCK_STREAM)
        self.s.connect(addr)
        self.s.settimeout(timeout)
        self.f = self.s.makefile("rwb")

    def send(self, req):
        self.f.write((json.dumps(req) + "\n").encode())
        self.f.flush()

    def read(self):
        line = self.f.readline()
        if not line:
            raise ConnectionError("the server is gone")
        return json.loads(line)

    def ask(self, **req):
        self.send(req)
        return self.read()
