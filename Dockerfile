# Roost in a container: a release build with the Swift runtime linked in, run on slim Debian.
# Build: docker build -t roost .
# Run:   docker run -p 8080:8080 -v roost-data:/data roost
# The database (roost.sqlite) and uploaded files live in the /data volume.

FROM swift:6.3-bookworm AS build
RUN apt-get update \
    && apt-get install -y --no-install-recommends libsqlite3-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
RUN swift build -c release --static-swift-stdlib --product roost \
    && install -D "$(swift build -c release --show-bin-path)/roost" /out/roost

FROM debian:bookworm-slim
# libsqlite3-0 is the one library the binary needs beyond the C and C++ runtimes; curl serves
# the health check.
RUN apt-get update \
    && apt-get install -y --no-install-recommends libsqlite3-0 curl \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --home-dir /data --shell /usr/sbin/nologin roost \
    && mkdir -p /data \
    && chown roost:roost /data
COPY --from=build /out/roost /usr/local/bin/roost
USER roost
WORKDIR /data
VOLUME ["/data"]
ENV ROOST_HOST=0.0.0.0 \
    ROOST_PORT=8080 \
    ROOST_DATABASE=/data/roost.sqlite \
    ROOST_UPLOADS_DIR=/data/uploads \
    ROOST_LOG_FORMAT=json
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
    CMD curl -fsS http://127.0.0.1:8080/health || exit 1
# SIGTERM (docker stop) drains requests in flight and closes the database cleanly.
STOPSIGNAL SIGTERM
ENTRYPOINT ["roost"]
CMD ["serve"]
