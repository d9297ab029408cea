#!/usr/bin/env python3
"""A cache server on 127.0.0.1 that stores GET/HEAD/PUT under a folder, as bazel-remote does,
and misbehaves on purpose. Prints its port on the first line of standard output and runs until
its standard input closes.

    fault_server.py FOLDER MODE [ARGUMENT]

MODE:
  store         a well-behaved store (the baseline)
  stall         accepts, reads the request, never answers
  status N      answers every request with status N (500, 507, ...)
  full          PUT answers 507 (storage full); reads are served
  wrong-body    GET cas/<hash> answers other bytes of the same length
  truncate      GET cas/<hash> promises the file's length, sends half, closes
  die-after N   answers N requests, then the process ends at once (a server killed mid-build)
  answer FILE   sends FILE's bytes, as they are, as the answer to every request
  stray         answers 404 and, in the same write, a second answer (200) nobody asked for,
                keeping the connection open
  trickle       answers 404 one byte every half second
"""
import os
import socket
import sys
import threading


def read_request(conn):
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = conn.recv(65536)
        if not chunk:
            return None
        data += chunk
    head, _, rest = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    method, path, _ = lines[0].split(" ", 2)
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    length = int(headers.get("content-length", "0"))
    while len(rest) < length:
        chunk = conn.recv(65536)
        if not chunk:
            return None
        rest += chunk
    return method, path, rest[:length]


def answer(conn, status, body=b"", length=None, head_only=False):
    length = len(body) if length is None else length
    conn.sendall(b"HTTP/1.1 %d X\r\nContent-Length: %d\r\n\r\n" % (status, length) + (b"" if head_only else body))


class Server:
    def __init__(self, folder, mode, argument):
        self.folder, self.mode, self.argument = folder, mode, argument
        self.count = 0
        self.lock = threading.Lock()

    def local(self, path):
        parts = [p for p in path.split("?")[0].split("/") if p]
        if any(p in (".", "..") for p in parts):
            return None
        return os.path.join(self.folder, *parts)

    def handle(self, conn):
        with conn:
            while True:
                request = read_request(conn)
                if request is None:
                    return
                with self.lock:
                    self.count += 1
                    count = self.count
                if self.mode == "die-after" and count > int(self.argument):
                    os._exit(0)
                if not self.respond(conn, *request):
                    return

    def respond(self, conn, method, path, body):
        mode = self.mode
        if mode == "stall":
            threading.Event().wait()
        if mode == "status":
            answer(conn, int(self.argument), b"no", head_only=method == "HEAD")
            return True
        if mode == "stray":
            conn.sendall(b"HTTP/1.1 404 X\r\nContent-Length: 0\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n")
            return True
        if mode == "trickle":
            for byte in b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n":
                conn.sendall(bytes([byte]))
                threading.Event().wait(0.5)
            return True
        if mode == "answer":
            with open(self.argument, "rb") as f:
                conn.sendall(f.read())
            return False
        local = self.local(path)
        if local is None:
            answer(conn, 400)
            return True
        if method == "PUT" and mode == "full":
            answer(conn, 507, b"full")
            return True
        if method == "PUT":
            os.makedirs(os.path.dirname(local), exist_ok=True)
            with open(local + ".part", "wb") as f:
                f.write(body)
            os.replace(local + ".part", local)
            answer(conn, 201)
            return True
        if method not in ("GET", "HEAD"):
            answer(conn, 405)
            return True
        if not os.path.isfile(local):
            answer(conn, 404, head_only=method == "HEAD")
            return True
        with open(local, "rb") as f:
            data = f.read()
        is_blob = "/cas/" in path and method == "GET"
        if mode == "wrong-body" and is_blob and data:
            data = bytes([data[0] ^ 0xFF]) + data[1:]
        if mode == "truncate" and is_blob:
            conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: %d\r\n\r\n" % len(data) + data[: len(data) // 2])
            return False
        answer(conn, 200, data, head_only=method == "HEAD")
        return True


def main():
    folder, mode = sys.argv[1], sys.argv[2]
    server = Server(folder, mode, sys.argv[3] if len(sys.argv) > 3 else None)
    listener = socket.socket()
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(64)
    print(listener.getsockname()[1], flush=True)

    def serve():
        while True:
            conn, _ = listener.accept()
            threading.Thread(target=server.handle, args=(conn,), daemon=True).start()

    threading.Thread(target=serve, daemon=True).start()
    sys.stdin.read()


if __name__ == "__main__":
    main()
